// taw next: jump to the agent that most needs you: the one blocked longest, then the
// finished one nobody has looked at, oldest first. Bound to prefix O by the plugin.

import { showPaneCommands } from "../agent/jump.ts";
import { paneRecord } from "../agent/records.ts";
import { agentRows, RANK } from "../agent/rows.ts";
import { ensureEngine, FIRST_WRITE_WAIT_MS } from "../engine/ensure.ts";
import type { Tmux } from "../tmux/client.ts";
import { isControlClient } from "../tmux/control-session.ts";
import { displayText, target } from "../tmux/escape.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { namedClient } from "./client.ts";
import { defineCommand } from "./command.ts";

/** Who needs you, most urgent first: the dashboard's order (blocked, then done and unseen). */
function needsYou(snapshot: Snapshot): Pane[] {
  return agentRows(snapshot, new Map())
    .filter((row) => row.rank <= RANK.doneUnseen)
    .flatMap((row) => snapshot.panes.get(row.paneId) ?? []);
}

interface ClientView {
  name: string;
  pane: string;
}

/** The client to move: the one named (TAW_CLIENT from the key binding, --client), else the
 * most recently active one. */
async function pickClient(tmux: Tmux, named: string | undefined): Promise<ClientView | undefined> {
  const output = await tmux.run([
    "list-clients",
    "-F",
    "#{client_activity}\t#{client_name}\t#{pane_id}\t#{client_flags}",
  ]);
  const clients = output
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"))
    .filter(([, , , flags = ""]) => !isControlClient(flags))
    .map(([activity = "0", name = "", pane = ""]) => ({ activity: Number(activity), name, pane }))
    .sort((a, b) => b.activity - a.activity);
  return named ? clients.find((client) => client.name === named) : clients[0];
}

export interface NextResult {
  /** The pane jumped to; null when nobody (else) needs you. */
  pane: Pane | null;
  live: boolean;
  client: string | null;
  message: string;
}

export const nextCommand = defineCommand({
  path: ["next"],
  summary: "jump to the agent that most needs you (blocked longest, then finished and unseen)",
  flags: { client: { type: "string", description: "the tmux client to move (default: the most recent)" } },
  async run(ctx): Promise<NextResult> {
    const named = namedClient(ctx);
    // Who needs you is the engine's to say: one that died is started, and its first write read.
    const live = await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    const [snapshot, client] = await Promise.all([takeSnapshot(ctx.tmux), pickClient(ctx.tmux, named)]);
    const queue = needsYou(snapshot);
    const chosen = queue.find((pane) => pane.id !== client?.pane);
    if (!chosen) {
      const message = queue.length > 0 ? "nobody else needs you" : "nobody needs you";
      if (client)
        await ctx.tmux.tryRun(["display-message", "-c", client.name, displayText(`taw: ${message}`)]);
      return { pane: null, live, client: client?.name ?? null, message };
    }
    const id = target(chosen.id);
    const commands = [
      ...(client ? [["switch-client", "-c", client.name, "-t", id]] : []),
      ...showPaneCommands(chosen),
    ];
    await ctx.tmux.batch(commands);
    // The JSON record says where the pane stands after the jump (now in front), as agent get would.
    const shown = ctx.json ? ((await takeSnapshot(ctx.tmux)).panes.get(chosen.id) ?? chosen) : chosen;
    const what = chosen.agent.state === "blocked" ? "needs you" : "finished";
    const label = chosen.agent.name || chosen.agent.kind || "agent";
    return {
      pane: shown,
      live,
      client: client?.name ?? null,
      message: `${label} in ${chosen.sessionName}:${chosen.windowIndex} ${what}`,
    };
  },
  render: (result) => result.message,
  // The record `agent get` prints for the pane jumped to, so both read alike.
  toJson: ({ pane, live, client, message }) => ({
    ...(pane ? paneRecord(pane) : { pane_id: null, tmux_id: null, agent: null }),
    live,
    client,
    message,
  }),
});
