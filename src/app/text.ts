// Fixed-width cells for the row layouts: clip or pad text to a number of columns.

/** `text` cut or padded to exactly `width` columns (one column per code point). */
export function cell(text: string, width: number): string {
  if (width <= 0) return "";
  const chars = Array.from(text);
  if (chars.length > width) return `${chars.slice(0, Math.max(0, width - 1)).join("")}…`;
  return text + " ".repeat(width - chars.length);
}

export const columns = (text: string) => Array.from(text).length;
