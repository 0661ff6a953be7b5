// `?`: every key, grouped under a heading that says where it works (the list, or which
// dialog), straight from the command registry, and what the marks in a row mean. Descriptions
// wrap to the width; it scrolls when it does not fit (j/k, PgUp/PgDn, g/G), and its key column
// is as wide as the longest key label.

import { useEffect, useMemo } from "react";
import type { AgentState } from "../../detect/types.ts";
import { type Category, COMMANDS, type KeyCommand } from "../commands.ts";
import { useActions, useDash, useTheme } from "../context.ts";
import { REPORTS_MARK } from "../lines.ts";
import { type Mode, setPagerSize } from "../store.ts";
import { cell, columns, wrapWords } from "../text.ts";
import type { Theme } from "../theme.ts";
import { Sheet } from "./Sheet.tsx";

const ORDER: Category[] = ["Move", "View", "Agent", "Inbox", "Worktree", "Session", "Dashboard", "Dialog"];
/** Room a title needs beside its keys before the help takes two columns. */
const TITLE_MIN = 40;

const KEY_LABELS: Record<string, string> = {
  return: "Enter",
  escape: "Esc",
  space: "Space",
  tab: "Tab",
  left: "←",
  right: "→",
  up: "↑",
  down: "↓",
  pagedown: "PgDn",
  pageup: "PgUp",
  home: "Home",
  end: "End",
};

/** A command's keys as the help writes them. */
export const keyText = (keys: string[]) => keys.map((key) => KEY_LABELS[key] ?? key).join(" ");

const KEY_COLUMN = Math.max(...COMMANDS.map((command) => columns(keyText(command.keys))));

/** A heading, or a key (or mark) and what it does; a heading has no `key`. */
interface HelpLine {
  key?: string;
  text: string;
}

/** Where a dialog's keys work, as its heading names it. */
const DIALOG_NAMES: Partial<Record<Mode, string>> = {
  help: "help",
  diff: "the diff",
  filter: "the filter",
  rename: "rename",
  prompt: "the prompt",
  picker: "the start picker",
  branch: "the new branch's name",
  answer: "the answer",
  sessions: "the session switcher",
  folders: "the sessionizer",
  palette: "the palette",
  "session-rename": "session rename",
  confirm: "a y / n question",
  "remove-worktree": "a y / n question",
  "session-kill": "a y / n question",
  approve: "a y / n question",
};
/** A key in more dialogs than this works in every dialog that takes typing. */
const MANY_DIALOGS = 5;

/** The heading a command's keys go under: its category on the list, else the dialogs. */
function headingOf(command: KeyCommand): string {
  if (command.modes.includes("none")) return command.category;
  const names = [...new Set(command.modes.map((mode) => DIALOG_NAMES[mode] ?? mode))];
  return names.length > MANY_DIALOGS ? "In every dialog you type in" : `In ${names.join(", ")}`;
}

/** A category's keys, a heading before each run of keys that work in the same place. */
const groupLines = (category: Category): HelpLine[] =>
  COMMANDS.filter((c) => c.category === category).flatMap((command, index, group) => {
    const heading = headingOf(command);
    const prior = group[index - 1];
    return [
      ...(prior && headingOf(prior) === heading ? [] : [{ text: heading }]),
      { key: keyText(command.keys), text: command.title },
    ];
  });

const STATE_MEANINGS: [AgentState, string][] = [
  ["blocked", "waits for you: an approval, a question"],
  ["done", "finished a turn nobody has looked at"],
  ["working", "working"],
  ["idle", "idle"],
  ["unknown", "no rule decided"],
];

/** The glyphs a row starts with, and the mark after its name, in the theme's own glyphs. */
const markLines = (theme: Theme): HelpLine[] => [
  { text: "Marks" },
  ...STATE_MEANINGS.map(([state, meaning]) => ({ key: theme.glyph[state], text: meaning })),
  {
    key: REPORTS_MARK[theme.ascii ? "ascii" : "unicode"],
    text: "reports for itself (its hooks); none: read off its screen",
  },
];

interface DrawnLine {
  text: string;
  heading: boolean;
}

/** Where a description starts: after the indent, the key column and a space. */
const TITLE_AT = 2 + KEY_COLUMN + 1;

/** The lines drawn in a column `width` wide: descriptions wrap under themselves. */
function wrapped(lines: HelpLine[], width: number): DrawnLine[] {
  // A column's last cell stays blank: the gap before the next column.
  const usable = Math.max(1, width - 1);
  const room = Math.max(1, usable - TITLE_AT);
  return lines.flatMap((line): DrawnLine[] =>
    line.key === undefined
      ? wrapWords(line.text, usable).map((text) => ({ text, heading: true }))
      : wrapWords(line.text, room).map((text, index) => ({
          text: `${index === 0 ? `  ${cell(line.key ?? "", KEY_COLUMN)} ` : " ".repeat(TITLE_AT)}${text}`,
          heading: false,
        })),
  );
}

/** Marks go before the Dialog keys, which close the help. */
const helpLines = (theme: Theme): HelpLine[] =>
  ORDER.flatMap((category) => [...(category === "Dialog" ? markLines(theme) : []), ...groupLines(category)]);

export function Help({ width, height }: { width: number; height: number }) {
  const ctx = useActions();
  const theme = useTheme();
  const wantedTop = useDash((s) => (s.overlay.kind === "help" ? s.overlay.top : 0));
  const entries = useMemo(() => helpLines(theme), [theme]);
  const inner = Math.max(1, height - 2);
  // Two columns when one does not fit and there is room; each column scrolls with the other.
  const split = entries.length > inner && width >= 2 * (KEY_COLUMN + 2 + TITLE_MIN);
  const columnWidth = Math.floor((width - 2) / (split ? 2 : 1));
  const lines = useMemo(() => wrapped(entries, columnWidth), [entries, columnWidth]);
  const rows = split ? Math.ceil(lines.length / 2) : lines.length;
  const columnsOf = split ? [lines.slice(0, rows), lines.slice(rows)] : [lines];
  const maxTop = Math.max(0, rows - inner);
  const top = Math.min(wantedTop, maxTop);
  useEffect(() => setPagerSize(ctx.store, inner, maxTop), [ctx, inner, maxTop]);
  const title =
    maxTop > 0
      ? ` keys ${top + 1}–${Math.min(top + inner, rows)} of ${rows} — j/k scroll, Esc closes `
      : " keys — Esc closes ";
  return (
    <Sheet width={width} height={height} title={title} row>
      {columnsOf.map((column, index) => (
        // One text per column, a span per line: one renderable instead of one per line makes
        // opening the help about twice as cheap (it is the key a person presses first).
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are positional.
        <box key={index} width={columnWidth} flexDirection="column">
          <text wrapMode="none">
            {column.slice(top, top + inner).map((line, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: help lines are positional.
              <span key={row} fg={line.heading ? theme.accent : theme.text}>
                {row > 0 ? "\n" : ""}
                {cell(line.text, columnWidth)}
              </span>
            ))}
          </text>
        </box>
      ))}
    </Sheet>
  );
}
