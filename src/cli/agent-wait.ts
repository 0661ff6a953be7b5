// taw agent wait|send-keys: drive an agent named by id or by name.

import { findAgent, findPane, findRunningAgent, paneLabel, requireAgent } from "../agent/pane.ts";
import { DEFAULT_UNTIL, parseUntil, readStatus, requireEngine, waitForAgent } from "../agent/wait.ts";
import { ensureEngine, FIRST_WRITE_WAIT_MS } from "../engine/ensure.ts";
import { usageError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { literalKeys, target, word } from "../tmux/escape.ts";
import { checkKeys } from "../tmux/keys.ts";
import { requireArg } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";

export function timeoutMs(seconds: unknown): number | undefined {
  if (seconds === undefined) return undefined;
  if (typeof seconds !== "number" || !(seconds > 0))
    throw usageError("--timeout needs a number of seconds above 0");
  return seconds * 1000;
}

/** `agent prompt --wait [--timeout S]`. */
export const PROMPT_WAIT_FLAGS = {
  wait: { type: "boolean", description: "wait until the turn it starts ends (idle, done or blocked)" },
  timeout: { type: "number", description: "with --wait: give up after this many seconds (exit 5)" },
} as const;

/**
 * Send, and with --wait stay until the agent's turn ends. The status read before sending is
 * the one that does not count: the idle the prompt was typed into is not the turn's end.
 */
export async function promptAndWait<R>(ctx: CommandContext, agent: string, send: () => Promise<R>) {
  if (!ctx.args.flags.wait) return send();
  const timeout = timeoutMs(ctx.args.flags.timeout);
  await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
  const { pane } = await findAgent(ctx.tmux, agent);
  await requireEngine(ctx.tmux);
  const fresh = await readStatus(ctx.tmux, pane);
  const sent = await send();
  const waited = await waitForAgent(ctx.tmux, pane, { until: DEFAULT_UNTIL, timeoutMs: timeout, fresh });
  return { ...sent, wait: waited };
}

/** The pane waited on holds an agent, or still carries the name of one that has exited
 * (the wait then answers `exited` at once). */
async function findWaited(tmux: Tmux, text: string) {
  const found = await findPane(tmux, text);
  return found.pane.agent.name ? found : requireAgent(found);
}

export const agentWait = defineCommand({
  path: ["agent", "wait"],
  summary: "wait until an agent is idle, done or blocked (or the states given); `exited` when it ends",
  positionals: ["<agent>"],
  flags: {
    until: {
      type: "string",
      short: "u",
      description: "states that end the wait, comma-separated (default idle,done,blocked)",
    },
    timeout: { type: "number", description: "give up after this many seconds (exit 5)" },
    next: { type: "boolean", description: "only a state reached after the wait began counts" },
  },
  async run(ctx) {
    const text = requireArg(ctx.args.positionals, 0, "agent", "taw agent wait alpha --until done");
    const until = parseUntil(ctx.args.flags.until as string | undefined);
    const timeout = timeoutMs(ctx.args.flags.timeout);
    await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    const { pane } = await findWaited(ctx.tmux, text);
    await requireEngine(ctx.tmux);
    const fresh = ctx.args.flags.next ? await readStatus(ctx.tmux, pane) : undefined;
    return waitForAgent(ctx.tmux, pane, { until, timeoutMs: timeout, fresh });
  },
  render: (result) => `${result.label}: ${result.state}`,
});

export const agentSendKeys = defineCommand({
  path: ["agent", "send-keys"],
  summary: "send tmux key names (Enter, C-c, Up …) or, with --text, literal text to an agent",
  positionals: ["<agent>", "<key>…"],
  flags: { text: { type: "string", description: "type this text literally (before any keys)" } },
  async run(ctx) {
    const text = ctx.args.flags.text as string | undefined;
    const keys = [...ctx.args.positionals.slice(1), ...ctx.args.rest];
    const agent = requireArg(ctx.args.positionals, 0, "agent", "taw agent send-keys alpha Enter");
    if (keys.length === 0 && !text)
      throw usageError("missing <key> or --text. Example: taw agent send-keys alpha Escape");
    await checkKeys(keys, "Send literal text with --text '<text>'.");
    const { pane } = await findRunningAgent(ctx.tmux, agent);
    if (text) await ctx.tmux.run(["send-keys", "-t", target(pane.id), "-l", "--", literalKeys(text)]);
    if (keys.length) await ctx.tmux.run(["send-keys", "-t", target(pane.id), ...keys.map(word)]);
    return { pane_id: pane.publicId, tmux_id: pane.id, label: paneLabel(pane), keys, text: text ?? null };
  },
  render: () => "",
});

export const agentDriveCommands = [agentWait, agentSendKeys];
