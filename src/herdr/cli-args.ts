// herdr's command-line words, read as herdr's CLI reads them: `--name value` / `--name=value`
// (repeatable), bare switches, and the positional words between them; `--` ends the flags.

import { HERDR_VARS } from "./env.ts";

export type Env = Record<string, string | undefined>;
export type Params = Record<string, unknown>;

/** A usage mistake: printed on stderr, exit 2, as herdr's CLI does. */
export class Usage extends Error {}

export interface Parsed {
  words: string[];
  /** The words after `--`. */
  rest: string[];
  values: Map<string, string[]>;
  switches: Set<string>;
}

/** argv read with `valued` as the flags that take a value. */
export function parse(args: string[], valued: string[]): Parsed {
  const parsed: Parsed = { words: [], rest: [], values: new Map(), switches: new Set() };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") {
      parsed.rest = args.slice(i + 1);
      break;
    }
    if (!arg.startsWith("--")) {
      parsed.words.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (!valued.includes(name)) {
      parsed.switches.add(name);
      continue;
    }
    const value = eq < 0 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new Usage(`missing value for --${name}`);
    parsed.values.set(name, [...(parsed.values.get(name) ?? []), value]);
  }
  return parsed;
}

export const one = (p: Parsed, name: string) => p.values.get(name)?.at(-1);
export const all = (p: Parsed, name: string) => p.values.get(name) ?? [];

/** A number flag, or a usage error naming it. */
export function numberOf(p: Parsed, name: string): number | undefined {
  const text = one(p, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Usage(`--${name} must be a number, not '${text}'`);
  return value;
}

/** The positional words a command needs, or its usage line. */
export function need(p: Parsed, count: number, usage: string): string[] {
  if (p.words.length < count) throw new Usage(`usage: herdr ${usage}`);
  return p.words;
}

/** `[<pane_id>|--pane ID|--current]`: the positional, --pane, or the caller's HERDR_PANE_ID. */
export function paneOption(p: Parsed, env: Env, positional = true): string | undefined {
  const named = (positional ? p.words[0] : undefined) ?? one(p, "pane");
  if (named) return named;
  if (!p.switches.has("current")) return undefined;
  const own = env[HERDR_VARS.pane];
  if (!own) throw new Usage("--current needs HERDR_PANE_ID: run it inside a pane, or name the pane");
  return own;
}

/** `--env KEY=VALUE`, repeatable, as herdr's params' `env` object. */
export function envMap(p: Parsed): Record<string, string> | undefined {
  const pairs = all(p, "env");
  if (!pairs.length) return undefined;
  const map: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at < 1) throw new Usage(`--env must be KEY=VALUE, not '${pair}'`);
    map[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return map;
}

/** herdr's hyphenated read sources (`recent-unwrapped`) as the socket spells them. */
export const sourceOf = (p: Parsed, fallback?: string) =>
  (one(p, "source") ?? fallback)?.replaceAll("-", "_");

/** Params without the fields left undefined. */
export const defined = (params: Params): Params =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
