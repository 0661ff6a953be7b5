// Send an agent a prompt: the text as one bracketed paste (so newlines stay in the prompt
// instead of submitting it line by line), then the agent's own submit key.

import { TawError, usageError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { target, word } from "../tmux/escape.ts";
import { pasteText } from "../tmux/paste.ts";
import { submitKeyFor } from "./kinds.ts";
import { findRunningAgent, paneLabel } from "./pane.ts";

/** Agents that read a paste in chunks drop a submit key that arrives with the paste's tail. */
export const PASTE_SETTLE_MS = 120;

export async function promptAgent(tmux: Tmux, paneText: string, text: string | Uint8Array) {
  const readable = typeof text === "string" ? text : new TextDecoder().decode(text);
  if (readable.trim() === "") throw usageError("the prompt is empty; give the text to send");
  const { pane } = await findRunningAgent(tmux, paneText);
  if (pane.agent.state === "blocked") {
    throw new TawError(
      "agent_blocked",
      `the agent in ${paneLabel(pane)} is blocked on a question; answer it first (jump to it, or 'taw pane send-keys ${pane.publicId} …')`,
    );
  }
  const kind = pane.agent.kind || pane.agent.kindHint;
  const submitKey = submitKeyFor(kind);
  await pasteText(tmux, pane.id, text);
  await Bun.sleep(PASTE_SETTLE_MS);
  await tmux.run(["send-keys", "-t", target(pane.id), word(submitKey)]);
  return {
    pane_id: pane.publicId,
    tmux_id: pane.id,
    label: paneLabel(pane),
    sent: Buffer.byteLength(text),
    submit_key: submitKey,
  };
}
