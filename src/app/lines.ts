// The header line and an Agents row as coloured spans: the components draw them with
// OpenTUI, the splash writes them straight to the terminal, and the two cannot drift apart.

import type { AgentRow } from "../agent/rows.ts";
import type { AgentColumns } from "./layout.ts";
import type { HostedRow } from "./remote-rows.ts";
import type { EngineMode, View } from "./store.ts";
import { cell, columns } from "./text.ts";
import { stateColor, stateGlyph, type Theme } from "./theme.ts";

export interface Span {
  text: string;
  fg: string;
  bg?: string;
  bold?: boolean;
}

/** Below this width the header drops the state words. */
const WIDE_HEADER = 100;
const ENGINE_TEXT = {
  hosting: "engine: hosting",
  reading: "engine: reading",
  starting: "engine: …",
  off: "engine: off — states may be stale",
} as const;
const ENGINE_FG: Record<EngineMode, (theme: Theme) => string> = {
  hosting: (theme) => theme.primary,
  reading: (theme) => theme.muted,
  starting: (theme) => theme.muted,
  off: (theme) => theme.state.blocked,
};
const VIEWS: { view: View; text: string }[] = [
  { view: "agents", text: " Agents " },
  { view: "tree", text: " Tree " },
  { view: "worktrees", text: " Worktrees " },
  { view: "inbox", text: " Inbox " },
];

export interface HeaderInput {
  counts: { blocked: number; done: number; working: number; idle: number };
  view: View;
  engine: EngineMode;
  socket: string;
  popup: boolean;
  /** The server is the demo one `taw start` made: the header says so. */
  demo?: boolean;
  /** The agent view in force (its label, else its owner): the Agents list is narrowed by it. */
  viewName?: string;
  /** Each configured host and its state (`box ok`, `gpu unreachable 2m`); none without hosts. */
  hostStates?: { name: string; text: string; ok: boolean }[];
}

export function headerSpans(input: HeaderInput, width: number, theme: Theme): Span[] {
  const { counts } = input;
  const states = [
    { key: "blocked", n: counts.blocked },
    { key: "done", n: counts.done },
    { key: "working", n: counts.working },
    { key: "idle", n: counts.idle },
  ] as const;
  const left = ` taw${input.popup ? " popup" : ""}${input.demo ? " demo" : ""} `;
  // Narrow terminals get the counts without their words.
  const compact = width < WIDE_HEADER;
  const countOf = (s: (typeof states)[number]) => `${theme.glyph[s.key]} ${s.n}${compact ? "" : ` ${s.key}`}`;
  const countText = states.map(countOf).join("  ");
  const engineText = compact && input.engine === "off" ? "engine: off" : ENGINE_TEXT[input.engine];
  // An agent view narrows the Agents list: say so, by its label (else its owner).
  const viewTag = input.viewName ? `view: ${input.viewName}  ` : "";
  const hostSpans = (input.hostStates ?? []).map((host, i) => ({
    text: `${i > 0 ? " · " : "  "}${host.name} ${host.text}`,
    fg: host.ok ? theme.muted : theme.state.blocked,
  }));
  const hostColumns = hostSpans.reduce((sum, span) => sum + columns(span.text), 0);
  const besideViews =
    columns(left) + columns(countText) + columns(viewTag) + columns(engineText) + hostColumns + 6;
  // Where every view's name does not fit beside the rest, the one shown stands alone (Tab
  // still cycles them, as the footer says) rather than the last being cut mid-word.
  const allViews = columns(VIEWS.map((v) => v.text).join(""));
  const views = besideViews + allViews <= width ? VIEWS : VIEWS.filter((v) => v.view === input.view);
  const fixed = besideViews + columns(views.map((v) => v.text).join(""));
  const socketText = width - fixed > 8 ? cell(input.socket, width - fixed) : "";
  return [
    { text: left, fg: theme.primary, bold: true },
    ...states.map((s, i) => ({
      text: `${i > 0 ? "  " : ""}${countOf(s)}`,
      fg: s.n > 0 ? theme.state[s.key] : theme.muted,
    })),
    { text: `  ${theme.separator}`, fg: theme.muted },
    ...views.map((v) => ({
      text: v.text,
      fg: input.view === v.view ? theme.accent : theme.muted,
      bold: input.view === v.view,
    })),
    { text: `${theme.separator} `, fg: theme.muted },
    ...(viewTag ? [{ text: viewTag, fg: theme.accent, bold: true }] : []),
    { text: engineText, fg: ENGINE_FG[input.engine](theme) },
    ...hostSpans,
    ...(socketText ? [{ text: `  ${socketText}`, fg: theme.muted }] : []),
  ];
}

/** The mark at the end of a row's label column (taken from its width): the agent reports
 * for itself (a hook owns its state); no mark: its state is read off its screen. */
const MARK_COLUMNS = 2;
export const REPORTS_MARK = { unicode: "»", ascii: "*" } as const;
const sourceMark = (row: AgentRow, theme: Theme) =>
  row.reports ? REPORTS_MARK[theme.ascii ? "ascii" : "unicode"] : " ";

/** The label column a list of rows wants: its longest label and the mark after it. */
export const labelColumns = (rows: readonly AgentRow[]) =>
  rows.reduce((most, row) => Math.max(most, columns(row.label)), 0) + MARK_COLUMNS;

/** The branch column a list of rows wants: its longest branch (0 when none has one). */
export const branchColumns = (rows: readonly AgentRow[]) =>
  rows.reduce((most, row) => Math.max(most, columns(row.branch)), 0);

/** One Agents row laid out in `cols` (agentColumns); `age` is its time-in-state label. */
export function agentRowSpans(
  row: HostedRow,
  cols: AgentColumns,
  age: string,
  selected: boolean,
  theme: Theme,
): Span[] {
  const bg = selected ? theme.selectionBg : undefined;
  // A row of a host that does not answer is dimmed: its state is as last read.
  const fg = selected ? theme.selectionFg : row.stale ? theme.muted : theme.text;
  const color = row.stale ? theme.muted : stateColor(theme, row.state);
  return [
    { text: `${stateGlyph(theme, row.state)} `, fg: color, bg },
    { text: cell(row.label, cols.label - MARK_COLUMNS), fg, bg },
    { text: ` ${sourceMark(row, theme)} `, fg: theme.accent, bg },
    { text: `${cell(row.place, cols.place)} `, fg: theme.muted, bg },
    { text: `${cell(age, cols.time)} `, fg: color, bg },
    { text: cell(row.detail, cols.detail), fg, bg },
    ...(cols.branch > 0 ? [{ text: ` ${cell(row.branch, cols.branch)}`, fg: theme.primary, bg }] : []),
  ];
}
