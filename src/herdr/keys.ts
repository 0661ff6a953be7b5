// herdr's key-combo strings (`enter`, `esc`, `ctrl+c`, `alt+x`, `shift+tab`, `f1`, `minus`)
// as tmux key names (`Enter`, `Escape`, `C-c`, `M-x`, `BTab`, `F1`, `-`). A plain printable
// key passes as itself; herdr refuses `prefix+` bindings, and so does taw.

import { HerdrError } from "./protocol.ts";

const NAMED: Record<string, string> = {
  enter: "Enter",
  return: "Enter",
  esc: "Escape",
  escape: "Escape",
  tab: "Tab",
  backspace: "BSpace",
  space: "Space",
  up: "Up",
  down: "Down",
  left: "Left",
  right: "Right",
  home: "Home",
  end: "End",
  pageup: "PPage",
  pagedown: "NPage",
  insert: "IC",
  delete: "DC",
  minus: "-",
  plus: "+",
};
const MODIFIERS: Record<string, string> = { ctrl: "C-", control: "C-", alt: "M-", meta: "M-", shift: "S-" };

function base(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (NAMED[lower]) return NAMED[lower];
  if (/^f([1-9]|1[0-2])$/.test(lower)) return lower.toUpperCase();
  // One printable character (a letter keeps its case: `A` is shift+a).
  if ([...name].length === 1 && name >= " ") return name;
  return undefined;
}

/** The tmux key name for one herdr key combo; HerdrError `invalid_params` if it is none. */
export function tmuxKey(combo: string): string {
  const parts = combo.length > 1 ? combo.split("+") : [combo];
  // `+` alone, or a chord ending in `+` (`ctrl++`), names the plus key.
  if (parts.length > 1 && parts.at(-1) === "") parts.splice(-2, 2, "+");
  const key = base(parts.at(-1) as string);
  const mods = parts.slice(0, -1).map((mod) => MODIFIERS[mod.toLowerCase()]);
  if (key === undefined || mods.some((mod) => mod === undefined)) {
    throw new HerdrError(
      "invalid_params",
      `unknown key '${combo}': use printable keys, enter, esc, tab, ctrl+<key>, alt+<key>, shift+tab, f1…f12`,
    );
  }
  if (mods.length === 1 && mods[0] === "S-" && key === "Tab") return "BTab";
  return `${mods.join("")}${key}`;
}
