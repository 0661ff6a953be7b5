// Text of any size into a pane. One argv word is capped by the kernel (E2BIG near 128 KiB
// on Linux), so the text reaches tmux on stdin: `load-buffer -` into a buffer of its own,
// then `paste-buffer -d`, which pastes it and deletes the buffer, in one tmux process.

import { EXIT, TawError } from "../errors.ts";
import type { Tmux } from "./client.ts";
import { target } from "./escape.ts";

/** The largest text taw pastes, in bytes: far above any prompt, well below what stalls tmux. */
export const PASTE_LIMIT_BYTES = 8 * 1024 * 1024;

/** The error for a text of `bytes` bytes, over the limit. */
export const tooLarge = (bytes: number) =>
  new TawError(
    "too_large",
    `the text is ${bytes} bytes; taw pastes at most ${PASTE_LIMIT_BYTES} (8 MiB). Send it in parts, or point the agent at a file.`,
    EXIT.usage,
  );

/** Throws too_large when `text` is over the limit. */
export function checkPasteSize(text: string | Uint8Array): void {
  const bytes = Buffer.byteLength(text);
  if (bytes > PASTE_LIMIT_BYTES) throw tooLarge(bytes);
}

/**
 * Paste `text` into the pane `paneId` byte for byte (-r: newlines stay newlines), bracketed
 * when the program there asked for bracketed paste (-p), so a multi-line prompt is one paste.
 * Bytes go to tmux's stdin as they are, UTF-8 or not.
 */
export async function pasteText(tmux: Tmux, paneId: string, text: string | Uint8Array): Promise<void> {
  checkPasteSize(text);
  const buffer = `taw-paste-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  try {
    await tmux.run(
      [
        "load-buffer",
        "-b",
        buffer,
        "-",
        ";",
        "paste-buffer",
        "-p",
        "-r",
        "-d",
        "-b",
        buffer,
        "-t",
        target(paneId),
      ],
      text,
    );
  } catch (error) {
    // A paste that failed (the pane closed) leaves the buffer behind.
    await tmux.tryRun(["delete-buffer", "-b", buffer]);
    throw error;
  }
}
