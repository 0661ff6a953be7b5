// Reading a pane's screen: what `taw pane read` prints and herdr's pane.read answers.

import { usageError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { resolvePane } from "../tmux/server.ts";

export interface ReadPaneInput {
  /** The pane as the user named it: resolved exactly here. */
  pane: string;
  /** Only the last N lines (empty rows below the text left out). */
  lines?: number;
  /** The history above the screen too. */
  scrollback?: boolean;
  /** Keep colours and attributes (escape sequences). */
  ansi?: boolean;
}

export interface PaneText {
  pane_id: string;
  text: string;
}

/** The screen without the empty rows below its last text; with `count`, its last `count` lines. */
export function screenTail(text: string, count?: number): string {
  const lines = text.replace(/\n$/, "").split("\n");
  while (lines.length > 0 && (lines.at(-1) as string).trim() === "") lines.pop();
  return (count === undefined ? lines : lines.slice(-count)).join("\n");
}

export async function readPane(tmux: Tmux, input: ReadPaneInput): Promise<PaneText> {
  const id = await resolvePane(tmux, input.pane);
  const { lines } = input;
  if (lines !== undefined && (lines < 1 || !Number.isInteger(lines))) {
    throw usageError(`--lines needs a whole number of lines, 1 or more (got ${lines})`);
  }
  const args = ["capture-pane", "-p", "-t", target(id)];
  if (input.ansi) args.push("-e");
  if (input.scrollback) args.push("-S", "-");
  return { pane_id: id, text: screenTail(await tmux.run(args), lines) };
}
