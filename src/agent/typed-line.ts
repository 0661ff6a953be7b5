// Typing an agent's command with the typed-line mark (src/watch/typed-line.ts): where the
// cursor stands is read first, the command typed without Enter, and once the shell has echoed
// it on that row (or after a second, where a shell echoes nothing) the mark is set; then
// Enter. A mark set before the echo would name a row the engine may read without the command
// on it yet, and be dropped at once.

import type { Tmux } from "../tmux/client.ts";
import { literalKeys, target } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { setOption } from "../tmux/options.ts";
import { parseTypedLine, typedLineMark } from "../watch/typed-line.ts";

/** How long the echo is waited for, and how often the row is looked at meanwhile. */
const ECHO_WAIT_MS = 1000;
const ECHO_POLL_MS = 40;

async function cursorMark(tmux: Tmux, pane: string, line: string): Promise<string | undefined> {
  const place = await tmux.run([
    "display-message",
    "-p",
    "-t",
    target(pane),
    "#{history_size} #{cursor_y} #{cursor_x} #{pane_width}",
  ]);
  const numbers = place.trim().split(" ").map(Number);
  if (numbers.length !== 4 || numbers.some((value) => Number.isNaN(value))) return undefined;
  const [history, y, x, width] = numbers as [number, number, number, number];
  return typedLineMark(history, y, x, width, line);
}

/** The marked row shows the command's start. */
async function echoed(tmux: Tmux, pane: string, mark: string): Promise<boolean> {
  const parsed = parseTypedLine(mark);
  if (!parsed) return true;
  const [history, screen] = await tmux.batch([
    ["display-message", "-p", "-t", target(pane), "#{history_size}"],
    ["capture-pane", "-p", "-t", target(pane)],
  ]);
  const row = parsed.row - Number(history?.output.trim());
  return screen?.output.split("\n")[row]?.includes(parsed.probe) === true;
}

/** Type `line` at the pane's prompt with the typed-line mark, and run it. */
export async function typeMarkedLine(tmux: Tmux, pane: string, line: string): Promise<void> {
  const mark = await cursorMark(tmux, pane, line);
  await tmux.run(["send-keys", "-t", target(pane), "-l", "--", literalKeys(line)]);
  if (mark) {
    const deadline = Date.now() + ECHO_WAIT_MS;
    while (Date.now() < deadline && !(await echoed(tmux, pane, mark))) await Bun.sleep(ECHO_POLL_MS);
    await tmux.run(setOption({ kind: "pane", target: pane }, AGENT_OPTIONS.typedLine, mark));
  }
  await tmux.run(["send-keys", "-t", target(pane), "Enter"]);
}
