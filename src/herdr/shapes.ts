// taw's model in herdr's shapes: workspace = tmux session, tab = window, pane = pane, each
// with taw's public ids (w3, w3:t7, w3:p31). Fields tmux has no answer for are left out,
// as herdr leaves out what it does not know.

import { isAgentPane } from "../agent/rows.ts";
import type { Pane, Session, Snapshot, Window } from "../tmux/snapshot.ts";
import { HERDR_PROTOCOL, HERDR_VERSION } from "./protocol.ts";

export type AgentStatus = "idle" | "working" | "blocked" | "done" | "unknown";

const STATUSES: readonly string[] = ["idle", "working", "blocked", "done", "unknown"];
/** Which status a group of panes shows: the one that needs the user most. */
const ROLLUP: AgentStatus[] = ["blocked", "done", "working", "idle", "unknown"];

export const statusOf = (state: string): AgentStatus =>
  STATUSES.includes(state) ? (state as AgentStatus) : "unknown";

function rollup(panes: Pane[]): AgentStatus {
  const present = new Set(panes.filter(isAgentPane).map((pane) => statusOf(pane.agent.state)));
  return ROLLUP.find((status) => present.has(status)) ?? "unknown";
}

/** Only the keys with a value: herdr omits unknown optional fields. */
function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== ""),
  );
}

export const workspaceOfPane = (publicId: string) => publicId.split(":")[0] as string;

/** The pane a person is looking at: active in its window, the window active, the session attached. */
const focusedPane = (pane: Pane, session: Session | undefined, window: Window | undefined) =>
  pane.active && (window?.active ?? false) && (session?.attached ?? 0) > 0;

export function paneInfo(pane: Pane, snapshot: Snapshot): Record<string, unknown> {
  const session = snapshot.sessions.find((s) => s.id === pane.sessionId);
  const window = session?.windows.find((w) => w.id === pane.windowId);
  const agent = isAgentPane(pane);
  const a = pane.agent;
  return defined({
    pane_id: pane.publicId,
    terminal_id: pane.id,
    workspace_id: workspaceOfPane(pane.publicId),
    tab_id: window?.publicId ?? `${workspaceOfPane(pane.publicId)}:t${pane.windowId.slice(1)}`,
    focused: focusedPane(pane, session, window),
    cwd: pane.path,
    // The pane's own name (pane.rename, `taw pane rename`), else its agent's.
    label: a.title || a.name,
    agent: agent ? a.kind || a.kindHint : undefined,
    title: a.title,
    terminal_title: pane.title,
    display_agent: a.display,
    agent_status: agent ? statusOf(a.state) : "unknown",
    agent_session: a.sessionId
      ? {
          source: a.sessionSource || a.source.replace(/^hook:/, ""),
          agent: a.kind,
          kind: "id",
          value: a.sessionId,
        }
      : undefined,
    // herdr's scroll geometry: how far back the pane is scrolled and can scroll, and its rows.
    scroll: {
      offset_from_bottom: pane.inMode ? pane.scrollPosition : 0,
      max_offset_from_bottom: pane.historySize,
      viewport_rows: pane.height,
    },
    revision: 0,
  });
}

export function tabInfo(window: Window, session: Session): Record<string, unknown> {
  return {
    tab_id: window.publicId,
    workspace_id: session.publicId,
    number: window.index,
    label: window.name,
    focused: window.active && session.attached > 0,
    pane_count: window.panes.length,
    agent_status: rollup(window.panes),
  };
}

export function workspaceInfo(session: Session, number: number): Record<string, unknown> {
  const active = session.windows.find((w) => w.active) ?? session.windows[0];
  return {
    workspace_id: session.publicId,
    number,
    label: session.name,
    focused: session.attached > 0,
    pane_count: session.windows.reduce((sum, w) => sum + w.panes.length, 0),
    tab_count: session.windows.length,
    active_tab_id: active?.publicId ?? "",
    agent_status: rollup(session.windows.flatMap((w) => w.panes)),
  };
}

export function agentInfo(pane: Pane, snapshot: Snapshot): Record<string, unknown> {
  const { label: _label, ...info } = paneInfo(pane, snapshot);
  return defined({ ...info, name: pane.agent.name, state_change_seq: Number(pane.agent.stateSince) || 0 });
}

export const workspaces = (snapshot: Snapshot) => snapshot.sessions.map((s, i) => workspaceInfo(s, i + 1));
export const tabs = (snapshot: Snapshot, sessions = snapshot.sessions) =>
  sessions.flatMap((s) => s.windows.map((w) => tabInfo(w, s)));
export const panes = (snapshot: Snapshot) => [...snapshot.panes.values()].map((p) => paneInfo(p, snapshot));

/** herdr's bootstrap snapshot; `layouts` (one per tab) come from tmux's layout strings (layout.ts). */
export function sessionSnapshot(
  snapshot: Snapshot,
  layouts: Record<string, unknown>[] = [],
): Record<string, unknown> {
  const paneList = panes(snapshot);
  const focused = paneList.find((pane) => pane.focused);
  return defined({
    version: `${HERDR_VERSION}+taw`,
    protocol: HERDR_PROTOCOL,
    focused_workspace_id: focused?.workspace_id,
    focused_tab_id: focused?.tab_id,
    focused_pane_id: focused?.pane_id,
    workspaces: workspaces(snapshot),
    tabs: tabs(snapshot),
    panes: paneList,
    layouts,
    agents: [...snapshot.panes.values()].filter(isAgentPane).map((p) => agentInfo(p, snapshot)),
  });
}
