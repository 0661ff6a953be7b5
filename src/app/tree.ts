// The Tree view's rows: sessions → windows → panes in tmux order, flattened for a windowed
// list. A collapsed session shows only its own row.

import { isAgentPane } from "../agent/rows.ts";
import { isScratchHolder } from "../scratch/toggle.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";

export interface TreeRow {
  /** Stable across refreshes: the tmux id of the session, window or pane. */
  key: string;
  depth: 0 | 1 | 2;
  /** `host`: the line a host's group starts with, when hosts are configured (remote-rows.ts). */
  kind: "host" | "session" | "window" | "pane";
  text: string;
  /** The pane this row shows in the preview and jumps to. */
  paneId: string;
  sessionId: string;
  agentState: string;
  agentLabel: string;
  collapsed: boolean;
  active: boolean;
}

/** A restored pane that is not where it was saved says so. */
const restoreNote = (pane: Pane) => (pane.agent.restoreError ? ` — ⚠ ${pane.agent.restoreError}` : "");

/**
 * `keep`, when given, limits the tree to those panes (the filter's matches) and the
 * windows and sessions that hold them.
 */

export function treeRows(
  snapshot: Snapshot,
  collapsed: ReadonlySet<string>,
  keep?: ReadonlySet<string>,
): TreeRow[] {
  const rows: TreeRow[] = [];
  for (const session of snapshot.sessions) {
    if (isScratchHolder(session.name)) continue; // taw's hidden scratch shells
    const windows = session.windows
      .map((window) => ({ window, panes: window.panes.filter((pane) => !keep || keep.has(pane.id)) }))
      .filter((entry) => entry.panes.length > 0);
    if (windows.length === 0) continue;
    const activeWindow = windows.find((entry) => entry.window.active) ?? windows[0];
    const focusPane = (panes: (typeof windows)[number]["panes"]) =>
      panes.find((pane) => pane.active) ?? panes[0];
    const isCollapsed = collapsed.has(session.id) && !keep;
    rows.push({
      key: session.id,
      depth: 0,
      kind: "session",
      text: `${session.name}${session.attached > 0 ? " (attached)" : ""}${session.restored ? " · restored" : ""}`,
      paneId: activeWindow ? (focusPane(activeWindow.panes)?.id ?? "") : "",
      sessionId: session.id,
      agentState: "",
      agentLabel: "",
      collapsed: isCollapsed,
      active: session.attached > 0,
    });
    if (isCollapsed) continue;
    for (const { window, panes } of windows) {
      rows.push({
        key: `${session.id}${window.id}`,
        depth: 1,
        kind: "window",
        text: `${window.index}: ${window.name}`,
        paneId: focusPane(panes)?.id ?? "",
        sessionId: session.id,
        agentState: "",
        agentLabel: "",
        collapsed: false,
        active: window.active,
      });
      for (const pane of panes) {
        const agent = isAgentPane(pane);
        rows.push({
          key: `${session.id}${pane.id}`,
          depth: 2,
          kind: "pane",
          text: `${pane.index}: ${pane.command}${pane.title ? ` — ${pane.title}` : ""}${restoreNote(pane)}`,
          paneId: pane.id,
          sessionId: session.id,
          agentState: agent ? pane.agent.state || "unknown" : "",
          agentLabel: agent
            ? pane.agent.name || pane.agent.display || pane.agent.kind || pane.agent.kindHint
            : "",
          collapsed: false,
          active: pane.active,
        });
      }
    }
  }
  return rows;
}
