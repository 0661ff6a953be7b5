// taw pane clear: a pane's screen and scrollback emptied, only while its shell waits at its
// prompt, so no program's screen is wiped under it.

import { waitForPrompt } from "../agent/prompt-ready.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { resolve, takeSnapshot } from "../tmux/server.ts";
import type { Pane } from "../tmux/snapshot.ts";
import { paneIn } from "./layout.ts";

/** Shells that redraw their prompt, and what was typed at it, on C-l. Others (dash) would read
 * C-l as a character of the command line, so they get a clear screen and draw the prompt at
 * the next Enter. */
const REDRAWS_ON_CTRL_L = new Set(["bash", "zsh", "fish"]);

/** Clear a pane's screen and history once its shell is at its prompt (never under a program). */
export async function clearPane(tmux: Tmux, text: string, timeoutMs: number): Promise<Pane> {
  const id = await resolve(tmux, text, "pane");
  await waitForPrompt(tmux, id, text, timeoutMs);
  const pane = paneIn(await takeSnapshot(tmux), id);
  const redraw = REDRAWS_ON_CTRL_L.has(pane.command.replace(/^-/, ""))
    ? ["send-keys", "-t", target(id), "C-l"]
    : [];
  await tmux.batch([
    ["send-keys", "-R", "-t", target(id)],
    ["clear-history", "-t", target(id)],
    ...(redraw.length ? [redraw] : []),
  ]);
  return paneIn(await takeSnapshot(tmux), id);
}
