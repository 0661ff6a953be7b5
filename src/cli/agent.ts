// taw agent list|get|rename|prompt|kill: the agent actions the dashboard's keys run, as
// verbs (src/agent holds the code both call). `agent start` lives
// in agent-launch.ts, `agent explain|identify` in explain.ts.

import { closePane } from "../agent/kill.ts";
import { findAgent } from "../agent/pane.ts";
import { promptAgent } from "../agent/prompt.ts";
import { renameAgent } from "../agent/rename.ts";
import { agentRows } from "../agent/rows.ts";
import { ensureEngine, FIRST_WRITE_WAIT_MS, NOT_LIVE_WARNING } from "../engine/ensure.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Pane } from "../tmux/snapshot.ts";
import { PROMPT_WAIT_FLAGS, promptAndWait } from "./agent-wait.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { paneRecord } from "./records.ts";
import { table } from "./table.ts";
import { bytesFrom, TEXT_FLAGS } from "./text-input.ts";

function agentTable(panes: Pane[]): string {
  if (panes.length === 0) return "no agents on this tmux server";
  const now = Math.floor(Date.now() / 1000);
  return table(
    ["PANE", "NAME", "KIND", "STATE", "FOR", "SESSION:WIN.PANE", "TITLE"],
    panes.map((pane) => {
      const since = Number(pane.agent.stateSince) || 0;
      return [
        pane.publicId,
        pane.agent.name || "-",
        pane.agent.kind || pane.agent.kindHint,
        pane.agent.state || "unknown",
        since ? `${now - since}s` : "-",
        `${pane.sessionName}:${pane.windowIndex}.${pane.index}`,
        pane.agent.title || pane.title,
      ];
    }),
  );
}

/** The table, led by a warning when no engine keeps the states current. */
const liveTable = (live: boolean, panes: Pane[]) =>
  live ? agentTable(panes) : `${NOT_LIVE_WARNING}\n${agentTable(panes)}`;

export const agentList = defineCommand({
  path: ["agent", "list"],
  summary: "every agent, sorted by who needs you (blocked, done, working, idle)",
  async run(ctx) {
    const live = await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    const snapshot = await takeSnapshot(ctx.tmux);
    const panes = agentRows(snapshot, new Map()).flatMap((row) => snapshot.panes.get(row.paneId) ?? []);
    return { live, panes };
  },
  render: ({ live, panes }) => liveTable(live, panes),
  toJson: ({ live, panes }) => panes.map((pane) => ({ ...paneRecord(pane), live })),
});

export const agentGet = defineCommand({
  path: ["agent", "get"],
  summary: "one agent's record",
  positionals: ["<pane>"],
  async run(ctx) {
    const text = requireArg(ctx.args.positionals, 0, "pane", "taw agent get w1:p2");
    const live = await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    return { live, pane: (await findAgent(ctx.tmux, text)).pane };
  },
  render: ({ live, pane }) => liveTable(live, [pane]),
  toJson: ({ live, pane }) => ({ ...paneRecord(pane), live }),
});

export const agentRename = defineCommand({
  path: ["agent", "rename"],
  summary: "name an agent ([a-z][a-z0-9_-]{0,31}, unique among live agents)",
  positionals: ["<pane>", "<name>"],
  run: (ctx) =>
    renameAgent(
      ctx.tmux,
      requireArg(ctx.args.positionals, 0, "pane", "taw agent rename w1:p2 api"),
      requireArg(ctx.args.positionals, 1, "name", "taw agent rename w1:p2 api"),
    ),
  render: (result) => `${result.pane_id} is now '${result.name}'`,
});

export const agentPrompt = defineCommand({
  path: ["agent", "prompt"],
  summary: "send an agent a prompt (pasted, then its submit key); refused while it is blocked",
  positionals: ["<pane>", "[text]…"],
  usage: "(or --stdin, --file <path>)",
  flags: {
    ...TEXT_FLAGS,
    ...PROMPT_WAIT_FLAGS,
  },
  async run(ctx) {
    const pane = requireArg(ctx.args.positionals, 0, "pane", "taw agent prompt w1:p2 'fix the tests'");
    const text = await bytesFrom(ctx, [...ctx.args.positionals.slice(1), ...ctx.args.rest]);
    return promptAndWait(ctx, pane, () => promptAgent(ctx.tmux, pane, text));
  },
  render: (result) => `sent ${result.sent} bytes to ${result.label}, then ${result.submit_key}`,
});

export const agentKill = defineCommand({
  path: ["agent", "kill"],
  summary: "close an agent's pane (the agent ends with it); a pane with no agent only with --force",
  positionals: ["<pane>"],
  flags: { force: { type: "boolean", description: "close the pane even when it runs no agent" } },
  run: (ctx) =>
    closePane(ctx.tmux, requireArg(ctx.args.positionals, 0, "pane", "taw agent kill w1:p2"), {
      requireAgent: !ctx.args.flags.force,
    }),
  render: (result) => `closed ${result.label}`,
});

export const agentCommands = [agentList, agentGet, agentRename, agentPrompt, agentKill];
