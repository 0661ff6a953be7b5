// The ONE tmux listing a save reads: every pane of the server with its session's and
// window's fields and its agent's options, turned into saved sessions (a pure function).

import { SPACE_OPTION } from "../space/switch.ts";
import { SKIP_CONTROL_SESSION } from "../tmux/control-session.ts";
import { freeTextColumn } from "../tmux/escape.ts";
import { AGENT_OPTIONS as O } from "../tmux/formats.ts";
import { REPORT_OPTIONS as R } from "../watch/report.ts";
import {
  FORMAT_VERSION,
  type SavedAgent,
  type SavedPane,
  type SavedSession,
  type SavedWindow,
} from "./format.ts";
import { KEPT_FACTS_OPTION, keptFacts } from "./kept.ts";

/** The session the server started with: its first ($0), made this soon after the start. A
 * session a script makes a moment later has another id, so it is saved as any other. */
const STARTUP_SECONDS = 2;
const FIRST_SESSION_ID = "$0";

/** The session option that ties a live session to its file (SavedSession.token). */
export const SAVE_TOKEN_OPTION = "@agent_save_token";

const COLUMNS = {
  session: freeTextColumn("session_name"),
  sessionId: "#{session_id}",
  token: freeTextColumn(SAVE_TOKEN_OPTION),
  sessionPath: freeTextColumn("session_path"),
  space: freeTextColumn(SPACE_OPTION),
  /** How long after the server started the session was made, in seconds. */
  sinceStart: "#{e|-:#{session_created},#{start_time}}",
  windowIndex: "#{window_index}",
  windowName: freeTextColumn("window_name"),
  autoName: "#{automatic-rename}",
  layout: "#{window_layout}",
  width: "#{window_width}",
  height: "#{window_height}",
  windowActive: "#{window_active}",
  activity: "#{window_activity}",
  zoomed: "#{window_zoomed_flag}",
  paneIndex: "#{pane_index}",
  paneId: "#{pane_id}",
  panePid: "#{pane_pid}",
  historySize: "#{history_size}",
  cwd: freeTextColumn("pane_current_path"),
  // The host name is what tmux titles an untitled pane: no title of its own.
  title: `#{?#{==:#{pane_title},#{host}},,${freeTextColumn("pane_title")}}`,
  command: freeTextColumn("pane_current_command"),
  paneActive: "#{pane_active}",
  historyLimit: "#{history_limit}",
  kind: freeTextColumn(O.kind),
  resumeAgent: freeTextColumn(R.resumeAgent),
  name: freeTextColumn(O.name),
  agentSessionId: freeTextColumn(O.sessionId),
  sessionPathOption: freeTextColumn(O.sessionPath),
  resumeArgv: freeTextColumn(R.resumeArgv),
  claudeFlags: freeTextColumn(R.claudeFlags),
  sandbox: freeTextColumn(O.sandbox),
  container: freeTextColumn(O.container),
  kept: freeTextColumn(KEPT_FACTS_OPTION),
} as const;

export type ListingRow = Record<keyof typeof COLUMNS, string>;
type Row = ListingRow;
/** The columns in the listing's order. */
export const KEYS = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];

/** The listing: `list-panes -a` with every column above, tab-separated. */
export const SAVE_LISTING: string[] = [
  "list-panes",
  "-a",
  "-f",
  SKIP_CONTROL_SESSION,
  "-F",
  KEYS.map((key) => COLUMNS[key]).join("\t"),
];

function parseRow(line: string): Row | undefined {
  const values = line.split("\t");
  if (values.length !== KEYS.length) return undefined;
  return Object.fromEntries(KEYS.map((key, index) => [key, values[index] ?? ""])) as Row;
}

function flags(text: string): string[] {
  try {
    const words = JSON.parse(text);
    return Array.isArray(words) ? words.filter((word) => typeof word === "string") : [];
  } catch {
    return [];
  }
}

/** The agent a pane holds, or one whose conversation was left on it (a restore not resumed). */
function agentOf(row: Row): SavedAgent | undefined {
  const kind = row.kind || row.resumeAgent;
  if (!kind && !row.agentSessionId && !row.resumeArgv) return undefined;
  return {
    kind,
    name: row.name,
    session_id: row.agentSessionId,
    session_path: row.sessionPathOption,
    resume_argv: row.resumeArgv,
    claude_flags: flags(row.claudeFlags),
    sandbox: row.sandbox,
    container: row.container,
  };
}

/** The pane as saved: what a restore offered on it while that stands (kept.ts), else as it is. */
function paneOf(row: Row, acted?: string[]): SavedPane {
  const facts = keptFacts(row.kept, { cwd: row.cwd, kind: row.kind, sessionId: row.agentSessionId });
  if (facts && "acted" in facts) acted?.push(row.paneId);
  const kept = facts && "kept" in facts ? facts.kept : undefined;
  const agent = kept ? kept.agent : agentOf(row);
  return {
    index: Number(row.paneIndex),
    cwd: kept ? kept.cwd : row.cwd,
    title: row.title,
    command: row.command,
    active: row.paneActive === "1",
    ...(agent ? { agent } : {}),
  };
}

function windowOf(row: Row): SavedWindow {
  return {
    index: Number(row.windowIndex),
    name: row.windowName,
    auto_name: row.autoName === "1",
    layout: row.layout,
    width: Number(row.width),
    height: Number(row.height),
    active: row.windowActive === "1",
    zoomed: row.zoomed === "1",
    panes: [],
  };
}

/** Tmux ids of what a listing saved: each pane's, and each session's. */
export interface ListingIds {
  panes: Map<SavedPane, string>;
  sessions: Map<SavedSession, string>;
  /** The second each pane's window last printed. */
  activity: Map<SavedPane, number>;
  /** Each pane's shell process. */
  pids?: Map<SavedPane, number>;
  /** Panes that never scrolled (no history above their screen). */
  unscrolled?: Set<SavedPane>;
  /** Sessions made as their server started (the one a fresh `tmux` makes). */
  startup?: Set<SavedSession>;
  /** Restored panes whose user moved on: their restore marks are to go (kept.ts). */
  acted?: string[];
}

/** Every session in the listing, in tmux's order, saved at `now`; `ids` gets their tmux ids. */
export function sessionsFromListing(
  output: string,
  server: string,
  now: Date,
  ids?: ListingIds,
): SavedSession[] {
  const sessions = new Map<string, SavedSession>();
  for (const line of output.split("\n")) {
    const row = parseRow(line);
    if (!row) continue;
    let session = sessions.get(row.session);
    if (!session) {
      session = {
        version: FORMAT_VERSION,
        saved_at: now.toISOString(),
        server,
        name: row.session,
        path: row.sessionPath,
        ...(row.token ? { token: row.token } : {}),
        ...(row.space ? { space: row.space } : {}),
        windows: [],
      };
      sessions.set(row.session, session);
      ids?.sessions.set(session, row.sessionId);
      if (row.sessionId === FIRST_SESSION_ID && Number(row.sinceStart) <= STARTUP_SECONDS)
        ids?.startup?.add(session);
    }
    let window = session.windows.find((w) => w.index === Number(row.windowIndex));
    if (!window) {
      window = windowOf(row);
      session.windows.push(window);
    }
    const limit = Number(row.historyLimit);
    if (limit > (session.history_limit ?? 0)) session.history_limit = limit;
    const pane = paneOf(row, ids?.acted);
    window.panes.push(pane);
    ids?.panes.set(pane, row.paneId);
    ids?.pids?.set(pane, Number(row.panePid));
    if (row.historySize === "0") ids?.unscrolled?.add(pane);
    ids?.activity.set(pane, Number(row.activity) || Number.POSITIVE_INFINITY);
  }
  return [...sessions.values()];
}
