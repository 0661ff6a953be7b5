// The JSON shapes verbs print: herdr's words (workspace, tab, pane) with public ids, and
// tmux's own ids beside them.

import type { Pane, Session, Snapshot, Window } from "../tmux/snapshot.ts";
import { isAgentPane } from "./rows.ts";

const orNull = (text: string) => (text === "" ? null : text);

export function agentRecord(pane: Pane) {
  const a = pane.agent;
  if (!isAgentPane(pane)) return null;
  return {
    kind: orNull(a.kind || a.kindHint),
    state: orNull(a.state),
    state_since: a.stateSince ? Number(a.stateSince) : null,
    rule: orNull(a.rule),
    source: orNull(a.source),
    seen: a.seen === "1",
    name: orNull(a.name),
    display: orNull(a.display),
    title: orNull(a.title),
    session_id: orNull(a.sessionId),
    session_path: orNull(a.sessionPath),
    /** The profile it was started through (taw sandbox), and the runtime in front while it runs. */
    sandbox: a.sandbox ? { profile: a.sandbox, runtime: orNull(a.container) } : null,
  };
}

export function paneRecord(pane: Pane) {
  return {
    pane_id: pane.publicId,
    tmux_id: pane.id,
    tab_id: `${pane.publicId.split(":")[0]}:t${pane.windowId.slice(1)}`,
    workspace_id: pane.publicId.split(":")[0],
    session: pane.sessionName,
    window_index: pane.windowIndex,
    pane_index: pane.index,
    active: pane.active,
    visible: pane.visible,
    pid: pane.pid,
    tty: pane.tty,
    command: pane.command,
    cwd: pane.path,
    terminal_title: orNull(pane.title),
    size: { cols: pane.width, rows: pane.height },
    alternate_screen: pane.alternateOn,
    history_size: pane.historySize,
    dead: pane.dead,
    /** Why a restored pane is not in its saved folder (the folder is gone). */
    restore_error: orNull(pane.agent.restoreError),
    agent: agentRecord(pane),
  };
}

export function tabRecord(window: Window) {
  return {
    tab_id: window.publicId,
    tmux_id: window.id,
    index: window.index,
    name: window.name,
    active: window.active,
    panes: window.panes.map(paneRecord),
  };
}

export function workspaceRecord(session: Session) {
  return {
    workspace_id: session.publicId,
    tmux_id: session.id,
    name: session.name,
    attached: session.attached,
    tabs: session.windows.map(tabRecord),
  };
}

export const treeRecord = (snapshot: Snapshot) => ({ workspaces: snapshot.sessions.map(workspaceRecord) });
