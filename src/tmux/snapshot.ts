// The live model: sessions → windows → panes, built from ONE pane listing.

import { CONTROL_SESSION } from "./control-session.ts";
import { AGENT_OPTIONS, type AgentOptionKey, type PaneRow, parsePaneListing } from "./formats.ts";
import { publicPaneId, publicSessionId, publicWindowId } from "./ids.ts";

export type AgentOptionValues = Record<AgentOptionKey, string>;

export interface Pane {
  id: string;
  publicId: string;
  sessionId: string;
  sessionName: string;
  windowId: string;
  windowIndex: number;
  windowName: string;
  index: number;
  active: boolean;
  /** The pane's window is the active window of a session with a client attached. */
  visible: boolean;
  pid: number;
  tty: string;
  command: string;
  path: string;
  /** The title a program set; empty when tmux shows only the host name. */
  title: string;
  width: number;
  height: number;
  alternateOn: boolean;
  historySize: number;
  dead: boolean;
  inMode: boolean;
  /** Lines scrolled up from the bottom (copy mode), 0 at the bottom. */
  scrollPosition: number;
  /** Seconds since the epoch of the last output in the pane's window. */
  windowActivity: number;
  agent: AgentOptionValues;
}

export interface Window {
  id: string;
  publicId: string;
  sessionId: string;
  index: number;
  name: string;
  active: boolean;
  panes: Pane[];
}

export interface Session {
  id: string;
  publicId: string;
  name: string;
  attached: number;
  /** A restore remade it and no client has attached to it since. */
  restored: boolean;
  windows: Window[];
}

export interface Snapshot {
  /** Milliseconds since the epoch when the listing was taken. */
  takenAt: number;
  /** The agent view query in force (@agent_wizard_view, JSON), read with the listing; "" when none. */
  view: string;
  sessions: Session[];
  /** Every pane by tmux id; a window linked into two sessions lists its panes once here. */
  panes: Map<string, Pane>;
  /** The created payloads verbs left on objects new in this snapshot, by tmux id (JSON, as
   * left: src/watch/created.ts); only on an engine's snapshots. */
  created?: Map<string, string>;
}

const int = (text: string | undefined) => Number.parseInt(text ?? "", 10) || 0;

function paneFromRow(row: PaneRow): Pane {
  const agent = {} as AgentOptionValues;
  for (const key of Object.keys(AGENT_OPTIONS) as AgentOptionKey[]) agent[key] = row[`agent.${key}`] ?? "";
  const sessionId = row.sessionId ?? "";
  const id = row.paneId ?? "";
  return {
    id,
    publicId: publicPaneId(sessionId, id),
    sessionId,
    sessionName: row.sessionName ?? "",
    windowId: row.windowId ?? "",
    windowIndex: int(row.windowIndex),
    windowName: row.windowName ?? "",
    index: int(row.paneIndex),
    active: row.paneActive === "1",
    visible: row.windowActive === "1" && int(row.sessionAttached) > 0,
    pid: int(row.pid),
    tty: row.tty ?? "",
    command: row.command ?? "",
    path: row.path ?? "",
    title: row.title ?? "",
    width: int(row.width),
    height: int(row.height),
    alternateOn: row.alternateOn === "1",
    historySize: int(row.historySize),
    dead: row.dead === "1",
    inMode: row.inMode === "1",
    scrollPosition: int(row.scrollPosition),
    windowActivity: int(row.windowActivity),
    agent,
  };
}

/** Build the model from the output of LIST_PANES, keeping tmux's order. */
export function buildSnapshot(listing: string, takenAt = Date.now(), view = ""): Snapshot {
  const sessions: Session[] = [];
  const sessionById = new Map<string, Session>();
  const windowByKey = new Map<string, Window>();
  const panes = new Map<string, Pane>();
  for (const row of parsePaneListing(listing)) {
    const pane = paneFromRow(row);
    // The engine's control connection sits in a session of its own: not the user's.
    if (pane.sessionName === CONTROL_SESSION) continue;
    let session = sessionById.get(pane.sessionId);
    if (!session) {
      session = {
        id: pane.sessionId,
        publicId: publicSessionId(pane.sessionId),
        name: pane.sessionName,
        attached: int(row.sessionAttached),
        restored: (row.sessionRestored ?? "") !== "",
        windows: [],
      };
      sessionById.set(session.id, session);
      sessions.push(session);
    }
    const windowKey = `${pane.sessionId}${pane.windowId}`;
    let window = windowByKey.get(windowKey);
    if (!window) {
      window = {
        id: pane.windowId,
        publicId: publicWindowId(pane.sessionId, pane.windowId),
        sessionId: pane.sessionId,
        index: pane.windowIndex,
        name: pane.windowName,
        active: row.windowActive === "1",
        panes: [],
      };
      windowByKey.set(windowKey, window);
      session.windows.push(window);
    }
    window.panes.push(pane);
    if (!panes.has(pane.id)) panes.set(pane.id, pane);
  }
  return { takenAt, view, sessions, panes };
}

/** `last` with the panes of `windows` as `fresh` lists them (a read of those windows only),
 * every other pane carried over as a copy; undefined when `fresh` does not hold each of those
 * windows, in the same session with as many panes (it closed, moved or split since, or is
 * linked into another session too): only a full listing can say what it is now. */
export function withWindows(
  last: Snapshot,
  fresh: Snapshot,
  windows: ReadonlySet<string>,
  takenAt: number,
): Snapshot | undefined {
  const freshWindows = new Map<string, Window>();
  for (const session of fresh.sessions)
    for (const window of session.windows) freshWindows.set(`${session.id}${window.id}`, window);
  const panes = new Map<string, Pane>();
  const sessions: Session[] = [];
  for (const session of last.sessions) {
    const windowsNow: Window[] = [];
    for (const window of session.windows) {
      const now = windows.has(window.id)
        ? freshWindows.get(`${session.id}${window.id}`)
        : { ...window, panes: window.panes.map(carry) };
      // Another pane than before (swap-pane keeps every count): only a full listing tells.
      if (!now || !samePaneIds(now, window)) return undefined;
      for (const pane of now.panes) if (!panes.has(pane.id)) panes.set(pane.id, pane);
      windowsNow.push(now);
    }
    sessions.push({ ...session, windows: windowsNow });
  }
  return { takenAt, view: last.view, sessions, panes };
}

const carry = (pane: Pane): Pane => ({ ...pane, agent: { ...pane.agent } });

const samePaneIds = (a: Window, b: Window) =>
  a.panes.length === b.panes.length && a.panes.every((pane, index) => pane.id === b.panes[index]?.id);

/** The panes of a snapshot whose process lives: those whose command line tmux read to list them. */
export function livePaneCount(snapshot: Snapshot): number {
  let live = 0;
  for (const pane of snapshot.panes.values()) if (!pane.dead) live++;
  return live;
}
