// Finding the agent a verb acts on: a pane of the current snapshot that holds an agent.

import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { resolveAgentPane } from "./target.ts";

export interface AgentPane {
  pane: Pane;
  snapshot: Snapshot;
}

/** The pane `text` names (an id, or an agent's name), with the snapshot it was read from. */
export async function findPane(tmux: Tmux, text: string): Promise<AgentPane> {
  const snapshot = await takeSnapshot(tmux);
  const id = await resolveAgentPane(tmux, text, snapshot);
  const pane = snapshot.panes.get(id);
  if (!pane) throw new TawError("pane_not_found", `pane ${text} closed while it was being read`, 3);
  return { pane, snapshot };
}

/** Like findPane, but the pane must hold an agent (a detected kind or a kind hint). */
export async function findAgent(tmux: Tmux, text: string): Promise<AgentPane> {
  const found = await findPane(tmux, text);
  if (!found.pane.agent.kind && !found.pane.agent.kindHint) {
    throw new TawError(
      "not_an_agent",
      `pane ${found.pane.publicId} runs no known agent ('${found.pane.command}'); list agents with 'taw agent list'`,
    );
  }
  return found;
}
