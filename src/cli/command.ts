// What a verb is, and how every verb answers: a result printed for people, or with --json
// one envelope, {"ok":true,"result":…} or {"ok":false,"error":{"code":…,"message":…}}.

import { EXIT, TawError } from "../errors.ts";
import { serverFromEnv, Tmux } from "../tmux/client.ts";
import { checkPositionals, type FlagSpecs, isRestWord, type ParsedArgs, parseArgs } from "./args.ts";

export interface CommandContext {
  args: ParsedArgs;
  tmux: Tmux;
  json: boolean;
  env: Record<string, string | undefined>;
}

export interface Command<R = unknown> {
  /** The words that name the verb: ["pane", "list"]. */
  path: string[];
  /** One line for --help. */
  summary: string;
  /** The positional words it takes, checked before it runs: "<pane>" required, "[name]"
   * optional, "<key>…" any number more, "[-- agent args]" the words after `--`. None if absent. */
  positionals?: string[];
  /** A note after the positionals on the usage line: "(or --stdin)". */
  usage?: string;
  flags?: FlagSpecs;
  run(ctx: CommandContext): Promise<R>;
  /** Text for people; without it the result is printed as JSON. */
  render?(result: R, ctx: CommandContext): string;
  /** The value the JSON envelope carries, when it is not the result itself. */
  toJson?(result: R): unknown;
  /** A result that is itself a failure (doctor's failed checks): printed, then this error. */
  failure?(result: R): TawError | undefined;
}

/** Flags every verb takes. */
export const COMMON_FLAGS: FlagSpecs = {
  json: { type: "boolean", description: "print one JSON envelope" },
  socket: { type: "string", short: "S", description: "tmux server socket path (tmux -S)" },
  "socket-name": { type: "string", short: "L", description: "tmux server socket name (tmux -L)" },
  help: { type: "boolean", short: "h", description: "show this verb's help" },
};

export function defineCommand<R>(command: Command<R>): Command<R> {
  return command;
}

/** The verb's words, positionals and note: "agent rename <pane> <name>". */
export const verbLine = (command: Command) =>
  [...command.path, ...(command.positionals ?? []), command.usage].filter(Boolean).join(" ");

/** "taw agent start [options] [-- agent args]": the options stand before the words after `--`. */
export function usageLine(command: Command): string {
  const words = command.positionals ?? [];
  const rest = words.filter(isRestWord);
  const before = words.filter((word) => !isRestWord(word));
  return ["taw", ...command.path, ...before, "[options]", ...rest, command.usage].filter(Boolean).join(" ");
}

export function contextFor(argv: string[], command: Command, env = process.env): CommandContext {
  const args = parseArgs(argv, { ...COMMON_FLAGS, ...command.flags });
  checkPositionals(command.positionals ?? [], args, usageLine(command));
  const socketPath = args.flags.socket as string | undefined;
  const socketName = args.flags["socket-name"] as string | undefined;
  const server = socketPath ? { socketPath } : socketName ? { socketName } : serverFromEnv(env);
  return { args, tmux: new Tmux(server), json: args.flags.json === true, env };
}

export interface Printer {
  out(text: string): void;
  err(text: string): void;
}

export const stdio: Printer = {
  out: (text) => process.stdout.write(text.endsWith("\n") || text === "" ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
};

/** Run a verb and print its answer; returns the exit code. */
export async function execute(
  command: Command,
  argv: string[],
  printer: Printer = stdio,
  env = process.env,
): Promise<number> {
  const wantsJson = argv.includes("--json");
  try {
    const ctx = contextFor(argv, command, env);
    const result = await command.run(ctx);
    const failed = command.failure?.(result);
    const value = command.toJson ? command.toJson(result) : result;
    if (ctx.json) {
      const error = failed && { code: failed.code, message: failed.message };
      printer.out(JSON.stringify(failed ? { ok: false, error, result: value } : { ok: true, result: value }));
    } else if (command.render) printer.out(command.render(result, ctx));
    else if (result !== undefined) printer.out(JSON.stringify(value, null, 2));
    if (failed && !ctx.json) printer.err(`taw: ${failed.message}`);
    return failed?.exitCode ?? EXIT.ok;
  } catch (error) {
    const failure =
      error instanceof TawError
        ? error
        : new TawError("internal", `taw hit a bug: ${(error as Error)?.stack ?? String(error)}`);
    if (wantsJson)
      printer.out(JSON.stringify({ ok: false, error: { code: failure.code, message: failure.message } }));
    else printer.err(`taw: ${failure.message}`);
    return failure.exitCode;
  }
}
