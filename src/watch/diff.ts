// What changed between two snapshots, pane by pane: the poller's report.

import type { Pane, Snapshot } from "../tmux/snapshot.ts";

export type PaneChange =
  | { type: "added"; pane: Pane }
  | { type: "closed"; pane: Pane }
  | { type: "moved"; pane: Pane; from: { sessionId: string; windowId: string; index: number } }
  | { type: "renamed"; pane: Pane; what: "session" | "window" | "title"; from: string };

export function diffSnapshots(before: Snapshot | undefined, after: Snapshot): PaneChange[] {
  const changes: PaneChange[] = [];
  const old = before?.panes ?? new Map<string, Pane>();
  for (const [id, pane] of after.panes) {
    const was = old.get(id);
    if (!was) {
      changes.push({ type: "added", pane });
      continue;
    }
    if (was.sessionId !== pane.sessionId || was.windowId !== pane.windowId || was.index !== pane.index) {
      changes.push({
        type: "moved",
        pane,
        from: { sessionId: was.sessionId, windowId: was.windowId, index: was.index },
      });
    }
    if (was.sessionId === pane.sessionId && was.sessionName !== pane.sessionName) {
      changes.push({ type: "renamed", pane, what: "session", from: was.sessionName });
    }
    if (was.windowId === pane.windowId && was.windowName !== pane.windowName) {
      changes.push({ type: "renamed", pane, what: "window", from: was.windowName });
    }
    if (was.title !== pane.title) changes.push({ type: "renamed", pane, what: "title", from: was.title });
  }
  for (const [id, pane] of old) if (!after.panes.has(id)) changes.push({ type: "closed", pane });
  return changes;
}
