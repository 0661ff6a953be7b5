// The footer's line of key hints: as many as the width holds, the most useful first, shown in
// the registry's order. `?` and `q` are kept at any width: they lead to every other key and
// out.

import { applicable, type KeyCommand } from "./commands.ts";
import type { DashState } from "./store.ts";
import { columns } from "./text.ts";

/** Kept whatever the width (as far as they fit at all). */
const ALWAYS = 3;
/** What a dialog's Enter and Esc do, and the list's main moves. */
const HIGH = 2;
/** The rest: dropped first on a narrow terminal. */
const LOW = 1;

/** A footer hint's priority by command id; a hint not named here is LOW. */
const PRIORITY: Record<string, number> = {
  help: ALWAYS,
  quit: ALWAYS,
  "help-close": ALWAYS,
  "filter-keep": ALWAYS,
  "filter-clear": ALWAYS,
  pick: ALWAYS,
  submit: ALWAYS,
  "session-switch": ALWAYS,
  confirm: ALWAYS,
  "inbox-approve-yes": ALWAYS,
  cancel: ALWAYS,
  "cancel-edit": ALWAYS,
  jump: HIGH,
  move: HIGH,
  view: HIGH,
  "clear-filter": HIGH,
  "inbox-approve": HIGH,
  "inbox-deny": HIGH,
  resume: HIGH,
  "session-down": HIGH,
  "pick-down": HIGH,
  "help-scroll": HIGH,
};

const SEPARATOR = "  ";

const shown = (command: KeyCommand, state: DashState) =>
  typeof command.footer === "function" ? command.footer(state) : command.footer === true;

const word = (command: KeyCommand, state: DashState) =>
  typeof command.short === "function" ? command.short(state) : (command.short ?? command.title);

/** The hints that fit in `width` columns, joined. */
export function footerHints(state: DashState, width: number): string {
  const hints = applicable(state)
    .filter((command) => shown(command, state))
    .map((command, order) => ({
      order,
      text: `${command.hint} ${word(command, state)}`,
      priority: PRIORITY[command.id] ?? LOW,
    }));
  const kept = new Set<number>();
  let used = 0;
  // Highest priority first (registry order among equals); a hint that does not fit is skipped.
  for (const hint of [...hints].sort((a, b) => b.priority - a.priority || a.order - b.order)) {
    const cost = columns(hint.text) + (kept.size > 0 ? SEPARATOR.length : 0);
    if (used + cost > width && kept.size > 0) continue;
    kept.add(hint.order);
    used += cost;
  }
  return hints
    .filter((hint) => kept.has(hint.order))
    .map((hint) => hint.text)
    .join(SEPARATOR);
}
