// The one definition of the pane listing: every session, window and pane field the product
// reads, in one `list-panes -a` call. Columns are tab-separated; free text (names, titles,
// paths, user options) is de-tabbed by tmux itself so the split stays positional.

import { freeTextColumn } from "./escape.ts";

/** The agent view query (herdr's agent.view.set) every dashboard on the server shows through:
 * a global user option, read with each full listing (src/agent-view). */
export const AGENT_VIEW_OPTION = "@agent_wizard_view";

/** Per-pane agent options, written by the engine, reports and verbs (ARCHITECTURE.md). */
export const AGENT_OPTIONS = {
  kind: "@agent_kind",
  state: "@agent_state",
  stateSince: "@agent_state_since",
  rule: "@agent_rule",
  source: "@agent_source",
  seen: "@agent_seen",
  name: "@agent_name",
  kindHint: "@agent_kind_hint",
  sessionId: "@agent_session_id",
  sessionPath: "@agent_session_path",
  /** The source of the report that gave the session (herdr's agent_session.source). */
  sessionSource: "@agent_session_source",
  reportSeq: "@agent_report_seq",
  display: "@agent_display",
  title: "@agent_title",
  acquiring: "@agent_acquiring",
  container: "@agent_container",
  sandbox: "@agent_sandbox",
  reportStamp: "@agent_report_stamp",
  message: "@agent_message",
  /** Moved by each hook report of work: a turn begun and ended between two reads still shows. */
  turn: "@agent_turn",
  /** The agent's hook said it is there (report-agent-session): kept while no process names it. */
  reportedKind: "@agent_reported_kind",
  /** herdr's metadata tokens a report set: `name=value` words. */
  tokens: "@agent_tokens",
  /** The process `taw agent start` started: a hint-only agent is gone when it is. */
  pid: "@agent_pid",
  /** The state an agent that has gone ended in, kept after its record. */
  finalState: "@agent_final_state",
  /** The resume command a session restore offered and did not type, and the agent's kind. */
  restoreResume: "@agent_restore_resume",
  resumeAgent: "@agent_resume_agent",
  /** Why a restored pane is not where it was saved (its folder is gone). */
  restoreError: "@agent_restore_error",
  /** `taw watch off` took the pane out of watching (src/watch/watching.ts); any value but "0". */
  unwatched: "@agent_unwatched",
  /** Where `taw agent start` typed its command (src/watch/typed-line.ts). */
  typedLine: "@agent_typed_line",
} as const;

export type AgentOptionKey = keyof typeof AGENT_OPTIONS;

/** Set on a session by a restore: the second it was remade. */
export const RESTORED_SESSION_OPTION = "@agent_restored";

interface Column {
  key: string;
  format: string;
}

const plain = (key: string, variable: string): Column => ({ key, format: `#{${variable}}` });
const free = (key: string, variable: string): Column => ({ key, format: freeTextColumn(variable) });

/** A pane's title, or nothing when it is only the host name tmux gives an untitled pane. */
const TITLE_COLUMN: Column = {
  key: "title",
  format: `#{?#{==:#{pane_title},#{host}},,${freeTextColumn("pane_title")}}`,
};

export const PANE_COLUMNS: readonly Column[] = [
  plain("sessionId", "session_id"),
  free("sessionName", "session_name"),
  plain("sessionAttached", "session_attached"),
  // A session a restore remade (@agent_restored on it) that no client has attached to yet.
  { key: "sessionRestored", format: `#{?session_last_attached,,#{${RESTORED_SESSION_OPTION}}}` },
  plain("windowId", "window_id"),
  plain("windowIndex", "window_index"),
  free("windowName", "window_name"),
  plain("windowActive", "window_active"),
  plain("windowActivity", "window_activity"),
  plain("paneId", "pane_id"),
  plain("paneIndex", "pane_index"),
  plain("paneActive", "pane_active"),
  plain("pid", "pane_pid"),
  plain("tty", "pane_tty"),
  free("command", "pane_current_command"),
  free("path", "pane_current_path"),
  TITLE_COLUMN,
  plain("width", "pane_width"),
  plain("height", "pane_height"),
  plain("alternateOn", "alternate_on"),
  plain("historySize", "history_size"),
  plain("dead", "pane_dead"),
  plain("inMode", "pane_in_mode"),
  // Lines scrolled up from the bottom in copy mode; empty outside it.
  plain("scrollPosition", "scroll_position"),
  ...Object.entries(AGENT_OPTIONS).map(([key, option]) => free(`agent.${key}`, option)),
];

export const PANE_FORMAT = PANE_COLUMNS.map((column) => column.format).join("\t");

/** The command that lists every pane of the server. */
export const LIST_PANES: string[] = ["list-panes", "-a", "-F", PANE_FORMAT];

export type PaneRow = Record<string, string>;

/** One listed line as a record keyed by column; undefined when every column is blank (a missing pane). */
export function parsePaneRow(line: string): PaneRow | undefined {
  const fields = line.split("\t");
  if (fields.length !== PANE_COLUMNS.length) return undefined;
  if (fields.every((field) => field === "")) return undefined;
  const row: PaneRow = {};
  PANE_COLUMNS.forEach((column, index) => {
    row[column.key] = fields[index] ?? "";
  });
  return row;
}

/** The rows of the last listing by line. The engine lists every pane several times a second
 * and most lines repeat byte for byte: those are not split again. Rows are frozen, so sharing
 * one between listings cannot leak a change. */
let lastRows = new Map<string, PaneRow>();

export function parsePaneListing(output: string): PaneRow[] {
  const rows: PaneRow[] = [];
  const byLine = new Map<string, PaneRow>();
  for (const line of output.split("\n")) {
    const known = lastRows.get(line);
    const row = known ?? parsePaneRow(line);
    if (!row) continue;
    rows.push(row);
    byLine.set(line, known ?? Object.freeze(row));
  }
  lastRows = byLine;
  return rows;
}
