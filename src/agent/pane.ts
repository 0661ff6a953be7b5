// Finding the pane a verb acts on, by an exact target (src/tmux/target.ts) in one snapshot,
// and naming it in messages the same way everywhere: its public id and its agent's name.

import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { resolvePane, takeSnapshot } from "../tmux/server.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { isShell } from "../watch/shells.ts";
import { isAgentPane } from "./rows.ts";

export interface AgentPane {
  pane: Pane;
  snapshot: Snapshot;
}

/** `w0:p6 (api)`, or `w0:p6` for a pane without a named agent. */
export const labelOf = (publicId: string, name: string) => (name ? `${publicId} (${name})` : publicId);
export const paneLabel = (pane: Pane) => labelOf(pane.publicId, pane.agent.name);

const kindOf = (pane: Pane) => pane.agent.kind || pane.agent.kindHint;

/** The pane `text` names (an id, an agent's name, session:window.pane), with its snapshot. */
export async function findPane(tmux: Tmux, text: string): Promise<AgentPane> {
  const snapshot = await takeSnapshot(tmux);
  const pane = snapshot.panes.get(await resolvePane(tmux, text, snapshot));
  if (!pane) throw new TawError("pane_not_found", `pane ${text} closed while it was being read`, 3);
  return { pane, snapshot };
}

/** The pane must hold an agent (a recorded kind, or a kind hint over a program); `instead` is what the
 * refusal tells the user to do. */
export function requireAgent(found: AgentPane, instead = "list agents with 'taw agent list'"): AgentPane {
  if (!isAgentPane(found.pane)) {
    throw new TawError(
      "not_an_agent",
      `pane ${paneLabel(found.pane)} runs no known agent ('${found.pane.command}'); ${instead}`,
    );
  }
  return found;
}

/** Like findPane, but the pane must hold an agent. */
export async function findAgent(tmux: Tmux, text: string, instead?: string): Promise<AgentPane> {
  return requireAgent(await findPane(tmux, text), instead);
}

/** Like findAgent, and the agent's process must still be in front: text sent to a pane whose
 * shell is back would run as commands. */
export async function findRunningAgent(tmux: Tmux, text: string): Promise<AgentPane> {
  const found = await findAgent(tmux, text);
  const { pane } = found;
  if (isShell(pane.command)) {
    throw new TawError(
      "not_an_agent",
      `the ${kindOf(pane)} agent in ${paneLabel(pane)} has exited: its shell ('${pane.command}') is in front, so nothing was sent. Start one with 'taw agent start --kind ${kindOf(pane)} --pane ${pane.publicId}'.`,
    );
  }
  return found;
}
