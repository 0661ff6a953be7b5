// A demo screen laid out for the pane it is drawn in, the way the agent it copies redraws
// for its terminal's size: the recorded text stays, rules and gaps stretch or shrink, and
// what cannot fit wraps or scrolls away at the top, so tmux never wraps a line itself.
//
// A screen is its lines, with two marks: `{c}` (one character) repeats c to fill the line,
// several of them sharing the room; a line that is only `{gap}` is blank rows that fill the
// height, several of them sharing it.

const FILL = /\{(.)\}/gu;
const GAP = "{gap}";

const width = (text: string) => Bun.stringWidth(text);

/** The `k`th of `n` shares of `room`, the first ones a unit larger when it does not divide. */
const share = (room: number, n: number, k: number) => Math.floor(room / n) + (k < room % n ? 1 : 0);

/** `line` wrapped at spaces into rows of at most `columns`, continued under its text (past
 * a leading bullet or number, as "2. Yes, and…" continues under "Yes"). */
function wrap(line: string, columns: number): string[] {
  const lead = /^\s*/u.exec(line)?.[0] ?? "";
  const hang = /^\s*(?:(?:[^\s\w]|\d+\.)\s+)?/u.exec(line)?.[0] ?? "";
  const indent = " ".repeat(Math.min(width(hang), columns - 1));
  const rows: string[] = [];
  let row = lead;
  // Each word keeps the spaces after it, so the spacing inside a row is the screen's.
  for (const word of line.slice(lead.length).split(/(?<= )(?=\S)/u)) {
    if (row.trim() !== "" && width((row + word).trimEnd()) > columns) {
      rows.push(row.trimEnd());
      row = indent;
    }
    row += word;
    // A word wider than a row is cut where the row ends.
    while (width(row.trimEnd()) > columns) {
      let end = columns;
      while (width(row.slice(0, end)) > columns) end--;
      rows.push(row.slice(0, end));
      row = indent + row.slice(end);
    }
  }
  rows.push(row.trimEnd());
  return rows;
}

/** One line of a screen for `columns`: its fills stretched (the rightmost parts dropped while
 * they do not fit), or wrapped when it has none and is too wide. */
function fitLine(line: string, columns: number): string[] {
  const parts = line.split(FILL);
  // parts: text, fill character, text, fill character, …, text.
  const fixed = () => parts.filter((_, i) => i % 2 === 0).reduce((sum, text) => sum + width(text), 0);
  while (parts.length > 1 && fixed() > columns) parts.splice(-2, 2);
  if (parts.length === 1) {
    const text = parts[0] ?? "";
    return width(text) <= columns ? [text] : wrap(text, columns);
  }
  const room = columns - fixed();
  const fills = (parts.length - 1) / 2;
  return [
    parts.map((part, i) => (i % 2 === 0 ? part : part.repeat(share(room, fills, (i - 1) / 2)))).join(""),
  ];
}

/** `screen` laid out as at most `rows` lines, none wider than `columns`. */
export function layout(screen: string, columns: number, rows: number): string[] {
  const lines = screen.replace(/\n+$/u, "").split("\n");
  const fitted = lines.map((line) => (line === GAP ? GAP : fitLine(line, columns)));
  const gaps = fitted.filter((line) => line === GAP).length;
  const used = fitted.reduce((sum, line) => sum + (line === GAP ? 0 : line.length), 0);
  const room = Math.max(0, rows - used);
  let k = 0;
  const out = fitted.flatMap((line) =>
    line === GAP ? Array<string>(share(room, gaps, k++)).fill("") : line,
  );
  // What does not fit scrolls away at the top, as the agent's own output would.
  return out.slice(Math.max(0, out.length - rows));
}
