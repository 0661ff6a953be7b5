// Turning a terminal key event into the name the registry uses, and the line editor used by
// the filter, rename, prompt and picker overlays.

import type { KeyEvent } from "@opentui/core";

const NAMED = new Set([
  "return",
  "escape",
  "tab",
  "up",
  "down",
  "left",
  "right",
  "pageup",
  "pagedown",
  "home",
  "end",
  "backspace",
  "delete",
  "space",
]);

/** `ctrl+u`, `return`, `G`, `?`: named keys by name, printable keys by the character typed. */
export function keyName(event: Pick<KeyEvent, "name" | "sequence" | "ctrl" | "meta" | "shift">): string {
  if (event.ctrl && event.name) return `ctrl+${event.name}`;
  if (event.meta && event.name) return `alt+${event.name}`;
  if (event.name === "linefeed" || event.name === "enter") return "return";
  if (NAMED.has(event.name)) return event.name;
  if (event.sequence.length === 1 && event.sequence >= " ") return event.sequence;
  return event.name;
}

/** The line after an editing key, or undefined when the key does not edit. */
export function editLine(line: string, key: string, sequence: string): string | undefined {
  if (key === "backspace") return Array.from(line).slice(0, -1).join("");
  if (key === "ctrl+u") return "";
  if (key === "ctrl+w") return line.replace(/\S*\s*$/, "");
  if (key === "space") return `${line} `;
  if (Array.from(key).length === 1 && sequence === key) return line + key;
  return undefined;
}
