// Typing into a pane: text pasted byte for byte (or typed key by key), and tmux key names.
// `taw pane send-text|send-keys` and herdr's pane.send_text|send_keys|send_input.

import { usageError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { literalKeys, target, word } from "../tmux/escape.ts";
import { checkKeys } from "../tmux/keys.ts";
import { checkPasteSize, pasteText } from "../tmux/paste.ts";
import { resolvePane } from "../tmux/server.ts";

export interface SendTextInput {
  /** The pane as the user named it: resolved exactly here. */
  pane: string;
  bytes: Uint8Array;
  /** Type the text key by key (send-keys -l) instead of one paste. */
  raw?: boolean;
}

export interface SendKeysInput {
  pane: string;
  /** tmux key names: Enter, C-c, Up … */
  keys: string[];
}

/** --raw types characters, and a byte that is not UTF-8 is no character. */
function typedText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw usageError(
      "--raw types the text as keys, and it holds bytes that are not UTF-8; send it without --raw",
    );
  }
}

export async function sendText(tmux: Tmux, input: SendTextInput) {
  const id = await resolvePane(tmux, input.pane);
  const { bytes } = input;
  if (input.raw) {
    checkPasteSize(bytes);
    await tmux.run(["send-keys", "-t", target(id), "-l", literalKeys(typedText(bytes))]);
  } else await pasteText(tmux, id, bytes);
  return { pane_id: id, sent: bytes.length };
}

/** Every key name is checked before one is sent: a typo sends nothing. */
export async function sendKeys(tmux: Tmux, input: SendKeysInput) {
  await checkKeys(input.keys, "Send literal text with: taw pane send-text <pane> <text>");
  const id = await resolvePane(tmux, input.pane);
  await tmux.run(["send-keys", "-t", target(id), ...input.keys.map(word)]);
  return { pane_id: id, keys: input.keys };
}
