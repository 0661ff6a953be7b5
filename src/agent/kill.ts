// Close the pane an agent runs in (and the agent with it).

import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { findPane } from "./pane.ts";

export async function closePane(tmux: Tmux, paneText: string) {
  const { pane } = await findPane(tmux, paneText);
  await tmux.run(["kill-pane", "-t", target(pane.id)]);
  return { pane_id: pane.publicId, tmux_id: pane.id, closed: true };
}
