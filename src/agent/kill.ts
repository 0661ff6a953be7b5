// Close the pane an agent runs in (and the agent with it).

import { checkVeto } from "../hooks/veto.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import type { Pane } from "../tmux/snapshot.ts";
import { findAgent, findPane, paneLabel } from "./pane.ts";

/** What a pre_close hook is told of the pane about to close. */
export const closing = (pane: Pane) => ({
  pane_id: pane.publicId,
  tmux_pane: pane.id,
  agent_kind: pane.agent.kind,
  agent_name: pane.agent.name,
  session: pane.sessionName,
  path: pane.path,
});

/** `requireAgent`: refuse a pane that holds no agent (`agent kill` without --force); the
 * dashboard asks before it closes any pane, so it does not. */
export async function closePane(tmux: Tmux, paneText: string, options: { requireAgent?: boolean } = {}) {
  const { pane } = options.requireAgent
    ? await findAgent(
        tmux,
        paneText,
        "nothing was closed. Add --force to close the pane anyway, or list agents with 'taw agent list'",
      )
    : await findPane(tmux, paneText);
  await checkVeto("pre_close", closing(pane));
  await tmux.run(["kill-pane", "-t", target(pane.id)]);
  return { pane_id: pane.publicId, tmux_id: pane.id, label: paneLabel(pane), closed: true };
}
