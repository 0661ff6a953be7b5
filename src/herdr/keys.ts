// herdr's key-combo strings (`enter`, `esc`, `ctrl+c`, `alt+x`, `shift+tab`, `f1`, `minus`)
// as tmux key names (`Enter`, `Escape`, `C-c`, `M-x`, `BTab`, `F1`, `-`), read as herdr's
// parse_key_combo reads them: `+`-separated, modifiers anywhere, one key. cmd/command/super
// and hyper are accepted and dropped, as herdr's legacy encoding drops them (tmux has none).
// A combo herdr or the installed tmux cannot read is herdr's `invalid_key`; none is sent.

import { isTmuxKey } from "../tmux/keys.ts";
import { installedVersion } from "../tmux/version.ts";
import { HerdrError } from "./protocol.ts";

const NAMED: Record<string, string> = {
  space: "Space",
  enter: "Enter",
  return: "Enter",
  esc: "Escape",
  escape: "Escape",
  tab: "Tab",
  backspace: "BSpace",
  bs: "BSpace",
  left: "Left",
  right: "Right",
  up: "Up",
  down: "Down",
  minus: "-",
  comma: ",",
  period: ".",
  slash: "/",
  backslash: "\\",
  quote: "'",
  double_quote: '"',
  "double-quote": '"',
  semicolon: ";",
  colon: ":",
  percent: "%",
  ampersand: "&",
  backtick: "`",
  plus: "+",
};
const MODIFIERS: Record<string, string> = {
  ctrl: "C-",
  control: "C-",
  alt: "M-",
  option: "M-",
  meta: "M-",
  shift: "S-",
  cmd: "",
  command: "",
  super: "",
  hyper: "",
};
/** herdr's aliases, applied to the whole trimmed combo. */
const ALIASES: Record<string, string> = { "C-c": "ctrl+c", "c-c": "ctrl+c", "+": "plus" };

function base(name: string, mods: Set<string>): string | undefined {
  const named = NAMED[name.toLowerCase()];
  if (named === "Tab" && mods.delete("S-")) return "BTab";
  if (named) return named;
  if ([...name].length === 1) {
    // A letter with shift is its capital, as herdr types it; tmux's S-a sends nothing.
    return mods.delete("S-") && /^[a-z]$/.test(name) ? name.toUpperCase() : name;
  }
  const f = /^f(\d+)$/i.exec(name);
  return f ? `F${Number(f[1])}` : undefined;
}

/** The tmux key name for one herdr combo, or undefined when herdr reads none. */
export function tmuxKey(combo: string): string | undefined {
  const trimmed = combo.trim();
  const mods = new Set<string>();
  let key: string | undefined;
  for (const part of (ALIASES[trimmed] ?? trimmed).split("+").map((p) => p.trim())) {
    const mod = MODIFIERS[part.toLowerCase()];
    if (part === "") return undefined;
    if (mod !== undefined) mods.add(mod);
    else if (key !== undefined) return undefined;
    else key = part;
  }
  const name = key === undefined ? undefined : base(key, mods);
  if (name === undefined) return undefined;
  return `${["C-", "M-", "S-"].filter((mod) => mods.has(mod)).join("")}${name}`;
}

/** The tmux key names for `combos`, every one checked before any is sent. */
export async function tmuxKeys(combos: string[]): Promise<string[]> {
  const version = await installedVersion();
  return combos.map((combo) => {
    const key = tmuxKey(combo);
    if (key === undefined || !isTmuxKey(key, version)) {
      throw new HerdrError(
        "invalid_key",
        `unsupported key ${combo}: use printable keys, enter, esc, tab, backspace, space, up/down/left/right, ` +
          "f1…f12, minus, plus …, with ctrl+, alt+, shift+ or cmd+ before them",
      );
    }
    return key;
  });
}
