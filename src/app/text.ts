// Fixed-width cells for the row layouts: clip or pad text to a number of columns.

import { homedir } from "node:os";

/** `text` cut or padded to exactly `width` columns (one column per code point). */
export function cell(text: string, width: number): string {
  if (width <= 0) return "";
  const chars = Array.from(text);
  if (chars.length > width) return `${chars.slice(0, Math.max(0, width - 1)).join("")}…`;
  return text + " ".repeat(width - chars.length);
}

export const columns = (text: string) => Array.from(text).length;

/** `text` broken at spaces into lines of at most `width` columns; a word longer than that is
 * cut into pieces. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    let rest = word;
    while (columns(rest) > width) {
      if (line) lines.push(line);
      line = "";
      lines.push(Array.from(rest).slice(0, width).join(""));
      rest = Array.from(rest).slice(width).join("");
    }
    if (!line) line = rest;
    else if (columns(line) + 1 + columns(rest) <= width) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

const home = homedir();
/** A path under the user's home as `~/…`: shorter, and no machine's home folder on screen. */
export const shortPath = (path: string) =>
  path === home || path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
