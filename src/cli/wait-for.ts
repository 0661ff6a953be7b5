// taw wait-for output|idle: tuios's `wait-for`, on a tmux pane named exactly.

import { findPane } from "../agent/pane.ts";
import { usageError } from "../errors.ts";
import { DEFAULT_WAIT_FOR_TIMEOUT_MS, waitForIdle, waitForOutput } from "../space/wait-for.ts";
import { requireArg } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";

const TIMEOUT_FLAG = {
  timeout: {
    type: "number",
    description: `give up after this many ms, exit 5 (default ${DEFAULT_WAIT_FOR_TIMEOUT_MS})`,
  },
} as const;

/** A whole number of milliseconds above 0, or the default when the flag is absent. */
export function millis(ctx: CommandContext, flag: string, fallback?: number): number {
  const value = ctx.args.flags[flag] ?? fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0)
    throw usageError(`--${flag} needs a whole number of milliseconds above 0 (got ${value ?? "nothing"})`);
  return value;
}

export const waitForOutputCommand = defineCommand({
  path: ["wait-for", "output"],
  summary: "wait until a pane's screen shows text matching --pattern (exit 5 on timeout)",
  positionals: ["<pane>"],
  flags: { pattern: { type: "string", description: "a JavaScript regular expression" }, ...TIMEOUT_FLAG },
  async run(ctx) {
    const text = requireArg(
      ctx.args.positionals,
      0,
      "pane",
      "taw wait-for output w1:p2 --pattern 'PASS|FAIL'",
    );
    const source = ctx.args.flags.pattern;
    if (typeof source !== "string" || source === "")
      throw usageError("missing --pattern. Example: taw wait-for output w1:p2 --pattern 'PASS|FAIL'");
    let pattern: RegExp;
    try {
      pattern = new RegExp(source, "m");
    } catch (error) {
      throw usageError(`--pattern is not a regular expression: ${(error as Error).message}`);
    }
    const timeout = millis(ctx, "timeout", DEFAULT_WAIT_FOR_TIMEOUT_MS);
    const { pane } = await findPane(ctx.tmux, text);
    return waitForOutput(ctx.tmux, pane, pattern, timeout);
  },
  render: (result) => result.matched,
});

export const waitForIdleCommand = defineCommand({
  path: ["wait-for", "idle"],
  summary: "wait until a pane's screen has not changed for --quiet-for ms (exit 5 on timeout)",
  positionals: ["<pane>"],
  flags: {
    "quiet-for": { type: "number", description: "how long the screen must stay still, in ms" },
    ...TIMEOUT_FLAG,
  },
  async run(ctx) {
    const text = requireArg(ctx.args.positionals, 0, "pane", "taw wait-for idle w1:p2 --quiet-for 2000");
    if (ctx.args.flags["quiet-for"] === undefined)
      throw usageError("missing --quiet-for. Example: taw wait-for idle w1:p2 --quiet-for 2000");
    const quietFor = millis(ctx, "quiet-for");
    const timeout = millis(ctx, "timeout", DEFAULT_WAIT_FOR_TIMEOUT_MS);
    const { pane } = await findPane(ctx.tmux, text);
    return waitForIdle(ctx.tmux, pane, quietFor, timeout);
  },
  render: (result) => `${result.pane_id}: quiet for ${result.quiet_ms} ms`,
});

export const waitForCommands = [waitForOutputCommand, waitForIdleCommand];
