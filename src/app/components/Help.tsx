// `?`: every key, grouped, straight from the command registry, and what the marks in a row
// mean. It scrolls when it does not fit (j/k, PgUp/PgDn, g/G), and its key column is as wide
// as the longest key label.

import { useEffect, useMemo } from "react";
import type { AgentState } from "../../detect/types.ts";
import { type Category, COMMANDS } from "../commands.ts";
import { useActions, useDash, useTheme } from "../context.ts";
import { REPORTS_MARK } from "../lines.ts";
import { setPagerSize } from "../store.ts";
import { cell, columns } from "../text.ts";
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

interface HelpLine {
  text: string;
  heading: boolean;
}

const groupLines = (category: Category): HelpLine[] => [
  { text: category, heading: true },
  ...COMMANDS.filter((c) => c.category === category).map((command) => ({
    text: `  ${cell(keyText(command.keys), KEY_COLUMN)} ${command.title}`,
    heading: false,
  })),
];

const STATE_MEANINGS: [AgentState, string][] = [
  ["blocked", "waits for you: an approval, a question"],
  ["done", "finished a turn nobody has looked at"],
  ["working", "working"],
  ["idle", "idle"],
  ["unknown", "no rule decided"],
];

/** The glyphs a row starts with, and the mark after its name, in the theme's own glyphs. */
const markLines = (theme: Theme): HelpLine[] => [
  { text: "Marks", heading: true },
  ...STATE_MEANINGS.map(([state, meaning]) => ({
    text: `  ${cell(theme.glyph[state], KEY_COLUMN)} ${meaning}`,
    heading: false,
  })),
  {
    text: `  ${cell(REPORTS_MARK[theme.ascii ? "ascii" : "unicode"], KEY_COLUMN)} reports for itself (its hooks); none: read off its screen`,
    heading: false,
  },
];

/** Marks go before the Dialog keys, which close the help. */
const helpLines = (theme: Theme): HelpLine[] =>
  ORDER.flatMap((category) => [...(category === "Dialog" ? markLines(theme) : []), ...groupLines(category)]);

export function Help({ width, height }: { width: number; height: number }) {
  const ctx = useActions();
  const theme = useTheme();
  const wantedTop = useDash((s) => (s.overlay.kind === "help" ? s.overlay.top : 0));
  const lines = useMemo(() => helpLines(theme), [theme]);
  const inner = Math.max(1, height - 2);
  // Two columns when one does not fit and there is room; each column scrolls with the other.
  const split = lines.length > inner && width >= 2 * (KEY_COLUMN + 2 + TITLE_MIN);
  const rows = split ? Math.ceil(lines.length / 2) : lines.length;
  const columnsOf = split ? [lines.slice(0, rows), lines.slice(rows)] : [lines];
  const columnWidth = Math.floor((width - 2) / columnsOf.length);
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
