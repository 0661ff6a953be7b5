// Pane option commands as text, for the command string of an `if-shell` (a report's or a
// tick's guarded write). `pane` is a target already single-quoted; values are quoted here.

import { shellQuote } from "../tmux/escape.ts";

export const set = (pane: string, option: string, value: string) =>
  `set-option -pq -t ${pane} ${option} ${shellQuote(value)}`;
export const setFormat = (pane: string, option: string, format: string) =>
  `set-option -pq -t ${pane} -F ${option} ${shellQuote(format)}`;
export const unset = (pane: string, option: string) => `set-option -pqu -t ${pane} ${option}`;
