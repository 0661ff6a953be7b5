// Jump to a pane: the client shows its session, the session its window, the window the pane.

import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import type { Pane } from "../tmux/snapshot.ts";
import { nudgeCommands } from "../watch/probe.ts";
import { findPane } from "./pane.ts";

/** The pane's window and the pane made current, and the nudge: a resting engine sees that the
 * pane is in front now (a done turn becomes seen), not at its next full listing. */
export const showPaneCommands = (pane: Pick<Pane, "id" | "sessionId" | "windowId">): string[][] => [
  ["select-window", "-t", target(`${pane.sessionId}:${pane.windowId}`)],
  ["select-pane", "-t", target(pane.id)],
  ...nudgeCommands(`jump-${Date.now()}`),
];

/** `client` names the tmux client to move (a popup's owner); tmux's current client otherwise. */
export async function jumpToPane(tmux: Tmux, paneText: string, client?: string) {
  const { pane } = await findPane(tmux, paneText);
  const clientArgs = client ? ["-c", target(client)] : [];
  // The window and pane are selected even when no client can be switched (taw run outside
  // tmux): the next client to attach lands on the pane.
  const [switched] = await tmux.batch([
    ["switch-client", ...clientArgs, "-t", target(pane.sessionId)],
    ...showPaneCommands(pane),
  ]);
  return { pane_id: pane.publicId, tmux_id: pane.id, switched_client: switched?.ok === true };
}
