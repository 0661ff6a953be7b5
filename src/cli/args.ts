// A small argv parser: flags are declared by each verb, so an unknown or malformed flag is
// a usage error that names it. `--` ends the flags; what follows is kept as `rest`.

import { usageError } from "../errors.ts";

export type FlagType = "boolean" | "string" | "number" | "list";

export interface FlagSpec {
  type: FlagType;
  short?: string;
  description: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

export interface ParsedArgs {
  flags: Record<string, string | number | boolean | string[] | undefined>;
  positionals: string[];
  rest: string[];
}

export function parseArgs(argv: string[], specs: FlagSpecs): ParsedArgs {
  const flags: ParsedArgs["flags"] = {};
  const positionals: string[] = [];
  const byShort = new Map(
    Object.entries(specs).flatMap(([name, spec]) => (spec.short ? [[spec.short, name]] : [])),
  );
  let index = 0;
  while (index < argv.length) {
    const arg = argv[index++] as string;
    if (arg === "--") return { flags, positionals, rest: argv.slice(index) };
    if (!arg.startsWith("-") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    const long = arg.startsWith("--");
    const [rawName, inline] = long ? splitOnce(arg.slice(2), "=") : [arg.slice(1), undefined];
    const name = long ? rawName : byShort.get(rawName);
    const spec = name ? specs[name] : undefined;
    if (!name || !spec) {
      // A negative number is a positional ("pane read %1 --lines -5" aside).
      if (/^-\d+$/.test(arg)) {
        positionals.push(arg);
        continue;
      }
      throw usageError(`unknown option '${arg}'. See --help for this command's options.`);
    }
    if (spec.type === "boolean") {
      if (inline !== undefined) throw usageError(`option '--${name}' takes no value`);
      flags[name] = true;
      continue;
    }
    const value = inline ?? argv[index++];
    if (value === undefined) throw usageError(`option '--${name}' needs a value`);
    if (spec.type === "number") {
      const number = Number(value);
      if (!Number.isFinite(number)) throw usageError(`option '--${name}' needs a number, got '${value}'`);
      flags[name] = number;
    } else if (spec.type === "list") {
      flags[name] = [...((flags[name] as string[] | undefined) ?? []), value];
    } else {
      flags[name] = value;
    }
  }
  return { flags, positionals, rest: [] };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** The positional at `index`, or a usage error naming it with an example of the verb. */
export function requireArg(args: string[], index: number, name: string, example: string): string {
  const value = args[index];
  if (value === undefined || value === "") throw usageError(`missing <${name}>. Example: ${example}`);
  return value;
}

/** A value given by its flag or by the word that stands for it (`worktree create feat-x` is
 * `--branch feat-x`); the two disagreeing is a usage error naming both. */
export function flagOrWord(args: ParsedArgs, flag: string, word: string | undefined): string | undefined {
  const given = args.flags[flag] as string | undefined;
  if (word !== undefined && given !== undefined && word !== given)
    throw usageError(`'${word}' and --${flag} ${given} disagree: give one of them`);
  return given ?? word;
}

/** Words that declare the words after `--`: "[-- agent args]", "-- <agent> [args]". */
export const isRestWord = (word: string) => /^\[?--/.test(word);

/**
 * Check a verb's positional words against its declaration: `<name>` is required, `[name]`
 * optional, a trailing `…` takes any number more (words after `--` count too), and a
 * `-- …` word lets the verb take the words after `--`. Anything else is a usage error that
 * names the word and shows `usage`.
 */
export function checkPositionals(declared: string[], args: ParsedArgs, usage: string): void {
  const words = declared.filter((word) => !isRestWord(word));
  const variadic = words.at(-1)?.endsWith("…") === true;
  const required = words.filter((word) => word.startsWith("<"));
  const given = variadic ? [...args.positionals, ...args.rest] : args.positionals;
  if (given.length < required.length) {
    throw usageError(`missing ${required[given.length]?.replace(/…$/, "")}. Usage: ${usage}`);
  }
  const extra = variadic
    ? undefined
    : (args.positionals[words.length] ?? (declared.some(isRestWord) ? undefined : args.rest[0]));
  if (extra !== undefined) throw usageError(`unexpected argument '${extra}'. Usage: ${usage}`);
}
