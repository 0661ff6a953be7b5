// The typed-line mark (@agent_typed_line): where `taw agent start` typed an agent's command,
// as `<row> <start of the command>`, the row counted from the top of the pane's history
// (history_size + cursor_y when it typed). The pane still shows what its last occupant left
// above that row, a blocked prompt or a finished turn, so while the line is on the screen the
// engine reads only the rows below it: a blank screen until the new program draws there. The
// mark goes once the program has the screen: it took the alternate screen, drew over the line
// (cleared the screen), or scrolled it off the top.

import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { unsetOption } from "../tmux/options.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";

/** How much of the command the mark keeps to find its row again. */
export const TYPED_PROBE_CHARS = 24;

/** The mark's text for a command typed at a cursor: only what fits on the row it starts on. */
export function typedLineMark(
  historySize: number,
  cursorY: number,
  cursorX: number,
  width: number,
  line: string,
) {
  const room = Math.max(1, Math.min(TYPED_PROBE_CHARS, width - cursorX));
  return `${historySize + cursorY} ${line.slice(0, room)}`;
}

export function parseTypedLine(mark: string): { row: number; probe: string } | undefined {
  const match = /^(\d+) (.+)$/s.exec(mark);
  return match ? { row: Number(match[1]), probe: match[2] as string } : undefined;
}

/** What of `screen` is the new program's; undefined when the mark no longer holds (the whole
 * screen is), "" when nothing below the line is drawn yet. */
export function belowTypedLine(
  pane: Pick<Pane, "historySize" | "alternateOn">,
  mark: string,
  screen: string,
): string | undefined {
  const parsed = parseTypedLine(mark);
  if (!parsed || pane.alternateOn) return undefined;
  const row = parsed.row - pane.historySize;
  const rows = screen.split("\n");
  if (row < 0 || row >= rows.length || !(rows[row] as string).includes(parsed.probe)) return undefined;
  const below = rows.slice(row + 1);
  return below.some((text) => text.trim() !== "") ? below.join("\n") : "";
}

/**
 * This tick's screens cut to what the new programs drew below their typed lines (a pane with
 * nothing drawn there yet reads as a blank screen), and the commands that take off marks that
 * no longer hold: the program has the screen, or the pane holds no agent being started or
 * recorded (its start failed, its agent has gone).
 */
export function applyTypedLines(snapshot: Snapshot, screens: Map<string, string>): string[][] {
  const commands: string[][] = [];
  const unmark = (paneId: string) =>
    commands.push(unsetOption({ kind: "pane", target: paneId }, AGENT_OPTIONS.typedLine));
  for (const [paneId, pane] of snapshot.panes) {
    const { kind, kindHint, acquiring, typedLine } = pane.agent;
    if (!typedLine) continue;
    if (!kind && !kindHint && !acquiring) {
      unmark(paneId);
      continue;
    }
    const screen = screens.get(paneId);
    if (screen === undefined) continue;
    const below = belowTypedLine(pane, typedLine, screen);
    if (below === undefined) unmark(paneId);
    else screens.set(paneId, below);
  }
  return commands;
}
