// taw next: jump to the agent that most needs you: the one blocked longest, then the
// finished one nobody has looked at, oldest first. Bound to prefix O by the plugin. With
// --all-hosts another host's agent may be the one: it is named (box/w1:p3) and the client is
// moved to a local window attached to its session there (src/hosts/attach.ts).

import { showPaneCommands } from "../agent/jump.ts";
import type { AgentRecord } from "../agent/list.ts";
import { paneRecord } from "../agent/records.ts";
import { agentRows, RANK } from "../agent/rows.ts";
import { moreUrgent, mostUrgent, recordUrgency, urgencyOf } from "../agent/urgent.ts";
import { ensureEngine, FIRST_WRITE_WAIT_MS } from "../engine/ensure.ts";
import { openAttached } from "../hosts/attach.ts";
import { findHost, LOCAL_HOST } from "../hosts/config.ts";
import type { Tmux } from "../tmux/client.ts";
import { isControlClient } from "../tmux/control-session.ts";
import { displayText, target } from "../tmux/escape.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { ALL_HOSTS_FLAG, fromAllHosts, type HostStatus, hostLines } from "./all-hosts.ts";
import { namedClient } from "./client.ts";
import { type CommandContext, defineCommand } from "./command.ts";

/** Who needs you, most urgent first: the dashboard's order (blocked, then done and unseen). */
function waiting(snapshot: Snapshot): Pane[] {
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
  /** With --all-hosts: another host's agent that needs you more, and how each host answered. */
  remote?: AgentRecord;
  hosts?: HostStatus[];
}

/** Another host's agent that needs you more than this server's `local` (if any). */
async function remoteBefore(ctx: CommandContext, local: Pane | undefined) {
  const { agents, hosts } = await fromAllHosts(
    "agent.list",
    async () => ({ live: true, agents: [] as AgentRecord[] }),
    ctx.env,
  );
  const best = mostUrgent(agents);
  const mine =
    local && urgencyOf(local.agent.state, local.agent.seen === "1", Number(local.agent.stateSince));
  if (best && (!mine || moreUrgent(recordUrgency(best), mine))) return { remote: best, hosts };
  return { remote: undefined, hosts };
}

function remoteMessage(record: AgentRecord): string {
  const label = record.agent?.name || record.agent?.kind || "agent";
  const what = record.agent?.state === "blocked" ? "needs you" : "finished";
  return `${label} @${record.host} (${record.host}/${record.pane_id}) ${what}`;
}

export const nextCommand = defineCommand({
  path: ["next"],
  summary: "jump to the agent that most needs you (blocked longest, then finished and unseen)",
  flags: {
    client: { type: "string", description: "the tmux client to move (default: the most recent)" },
    ...ALL_HOSTS_FLAG,
  },
  async run(ctx): Promise<NextResult> {
    const named = namedClient(ctx);
    // Who needs you is the engine's to say: one that died is started, and its first write read.
    const live = await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    const [snapshot, client] = await Promise.all([takeSnapshot(ctx.tmux), pickClient(ctx.tmux, named)]);
    const queue = waiting(snapshot);
    const chosen = queue.find((pane) => pane.id !== client?.pane);
    if (ctx.args.flags["all-hosts"]) {
      const { remote, hosts } = await remoteBefore(ctx, chosen);
      if (remote) {
        const message = remoteMessage(remote);
        // With a client to move: a local window attached to its session, as the dashboard's Enter.
        if (client) await jumpRemote(ctx, remote, client.name);
        return { pane: null, live, client: client?.name ?? null, message, remote, hosts };
      }
      if (!chosen) return { ...(await nobody(ctx.tmux, queue, client, live)), hosts };
      return { ...(await jump(ctx, chosen, client, live)), hosts };
    }
    if (!chosen) return nobody(ctx.tmux, queue, client, live);
    return jump(ctx, chosen, client, live);
  },
  render: (result) => [result.message, ...hostLines(result.hosts ?? [])].join("\n"),
  // The record `agent get` prints for the pane jumped to, so both read alike.
  toJson: ({ pane, live, client, message, remote, hosts }) => ({
    ...(remote ?? (pane ? paneRecord(pane) : { pane_id: null, tmux_id: null, agent: null })),
    ...(hosts ? { host: remote?.host ?? LOCAL_HOST, hosts } : {}),
    live,
    client,
    message,
  }),
});

/** Open (or find again) the local window attached to the remote agent's session, for `client`. */
async function jumpRemote(ctx: CommandContext, record: AgentRecord, client: string): Promise<void> {
  const session = (
    await ctx.tmux.run(["display-message", "-p", "-c", target(client), "#{session_id}"])
  ).trim();
  const windowOf = /:t(\d+)$/.exec(record.tab_id)?.[1];
  const remote = {
    session: `$${(record.workspace_id ?? "").slice(1)}`,
    window: `@${windowOf}`,
    pane: record.tmux_id,
  };
  const name = `${record.host}:${record.session}`;
  await openAttached(ctx.tmux, findHost(ctx.env, record.host), remote, { session, client, name });
}

async function nobody(tmux: Tmux, queue: Pane[], client: ClientView | undefined, live: boolean) {
  const message = queue.length > 0 ? "nobody else needs you" : "nobody needs you";
  if (client) await tmux.tryRun(["display-message", "-c", client.name, displayText(`taw: ${message}`)]);
  return { pane: null, live, client: client?.name ?? null, message };
}

async function jump(ctx: CommandContext, chosen: Pane, client: ClientView | undefined, live: boolean) {
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
}
