// The agents of one tmux server as JSON records (`taw agent list|get`, a host's agent.list and
// agent.get): sorted by who needs you, each saying whether an engine keeps its state current.

import { ensureEngine, FIRST_WRITE_WAIT_MS } from "../engine/ensure.ts";
import type { EngineServer } from "../engine/start.ts";
import { LOCAL_HOST } from "../hosts/config.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Pane } from "../tmux/snapshot.ts";
import { findAgent } from "./pane.ts";
import { paneRecord } from "./records.ts";
import { agentRows } from "./rows.ts";

/** An agent's JSON record: its pane's, whether an engine keeps it current, and its host. */
export type AgentRecord = ReturnType<typeof paneRecord> & { live: boolean; host: string };

export const recordOf = (pane: Pane, live: boolean): AgentRecord => ({
  ...paneRecord(pane),
  live,
  host: LOCAL_HOST,
});

/** Whether an engine keeps the states current, one started when none runs. */
export type Ensure = () => Promise<boolean>;
export const ensureFor =
  (server: EngineServer, waitMs = FIRST_WRITE_WAIT_MS): Ensure =>
  () =>
    ensureEngine(server, waitMs);

/** This server's agents, sorted by who needs you, and whether an engine keeps them current. */
export async function listAgents(server: EngineServer, ensure = ensureFor(server)) {
  const live = await ensure();
  const snapshot = await takeSnapshot(server.tmux);
  const panes = agentRows(snapshot, new Map()).flatMap((row) => snapshot.panes.get(row.paneId) ?? []);
  return { live, agents: panes.map((pane) => recordOf(pane, live)) };
}

/** One agent of this server, found exactly. */
export async function getAgent(
  server: EngineServer,
  target: string,
  ensure = ensureFor(server),
): Promise<AgentRecord> {
  const live = await ensure();
  return recordOf((await findAgent(server.tmux, target)).pane, live);
}
