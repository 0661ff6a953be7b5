// Which line of a TOML file set a key. smol-toml reports lines only for syntax errors, so
// problems with a valid file (an unknown key, a bad value) are placed by this scan of table
// headers and `key = …` lines. It is deliberately simple: keys inside multi-line strings or
// arrays are not keys, and a key set in an inline table takes the line of its table.

export const TABLE_HEADER = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/;
const KEY = /^\s*((?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=/;
const MULTILINE_OPEN = /=\s*("""|''')/;

/** Split a dotted TOML key into its parts, unquoting quoted ones. */
export function splitKey(text: string): string[] {
  const parts: string[] = [];
  const pattern = /\s*("([^"]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/gy;
  for (const match of text.matchAll(pattern)) parts.push(match[2] ?? match[3] ?? match[4] ?? "");
  return parts;
}

export function joinKey(parts: readonly string[]): string {
  return parts.map((part) => (/^[A-Za-z0-9_-]+$/.test(part) ? part : JSON.stringify(part))).join(".");
}

/** Map from dotted key (as joinKey writes it) to the 1-based line that set it. */
export function keyLines(source: string): Map<string, number> {
  const lines = new Map<string, number>();
  let table: string[] = [];
  let inMultiline: string | undefined;
  source.split("\n").forEach((text, index) => {
    const line = index + 1;
    if (inMultiline) {
      if (text.includes(inMultiline)) inMultiline = undefined;
      return;
    }
    const header = TABLE_HEADER.exec(text);
    if (header?.[1]) {
      table = splitKey(header[1]);
      if (!lines.has(joinKey(table))) lines.set(joinKey(table), line);
      return;
    }
    const key = KEY.exec(text);
    if (!key?.[1]) return;
    lines.set(joinKey([...table, ...splitKey(key[1])]), line);
    const open = MULTILINE_OPEN.exec(text)?.[1];
    if (open && text.split(open).length === 2) inMultiline = open;
  });
  return lines;
}

/** The line of a key, else of the nearest enclosing table or key that has one. */
export function lineOf(lines: Map<string, number>, parts: readonly string[]): number | undefined {
  for (let length = parts.length; length > 0; length--) {
    const line = lines.get(joinKey(parts.slice(0, length)));
    if (line !== undefined) return line;
  }
  return undefined;
}
