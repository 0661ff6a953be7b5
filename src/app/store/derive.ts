// The store's pure derivations: the lists a render reads (sorted, filtered, viewed), the
// selection kept across a refresh, the scroll that keeps it on screen, and what is selected.
// Computed when their inputs change, so a render never sorts or filters.

import { agentRows, compareRows, countStates, RANK } from "../../agent/rows.ts";
import { viewedRows, viewOf } from "../../agent-view/rows.ts";
import { LOCAL_HOST } from "../../hosts/config.ts";
import type { InboxEntry } from "../../inbox/collect.ts";
import type { WorktreeRecord } from "../../worktree/record.ts";
import { matchInbox, matchPanes, searchableOf } from "../filter.ts";
import {
  type HostedRow,
  hostRows,
  hostTreeRow,
  remoteInbox,
  remoteSearchable,
  remoteTreeRows,
} from "../remote-rows.ts";
import { treeRows } from "../tree.ts";
import type { DashState, View } from "./state.ts";

/** The most agents the preview grid shows (and the feed captures) at once. */
export const GRID_MAX = 6;

/** The grid's agents: the blocked ones, then the working ones, in the list's order (this
 * server's: another host's screens are not read here). */
export function gridPaneIds(state: DashState): string[] {
  return state.allAgents
    .filter((row) => !row.host && (row.rank === RANK.blocked || row.rank === RANK.working))
    .slice(0, GRID_MAX)
    .map((row) => row.paneId);
}

/** The header's name for the agent view in force: its label, else its owner. */
export const agentViewName = (state: DashState) =>
  state.agentView && (state.agentView.label ?? state.agentView.source);

/** Keep the previous object for a row that did not change, so memoised rows skip rendering. */
function reuseRows<T extends { paneId: string }>(
  previous: readonly T[],
  next: T[],
  key: (row: T) => string,
): T[] {
  const old = new Map(previous.map((row) => [key(row), row]));
  return next.map((row) => {
    const was = old.get(key(row));
    return was && shallowEqual(was, row) ? was : row;
  });
}

function shallowEqual(a: object, b: object): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  // A key only one has (a remote row's `stale`) is a difference too.
  if (keys.length !== Object.keys(rb).length) return false;
  for (const key of keys) if (ra[key] !== rb[key]) return false;
  return true;
}

/** Recompute the lists from the snapshot, the hosts, branches, filter and collapsed sessions. */
export function derive(state: DashState): Partial<DashState> {
  const { snapshot } = state;
  if (!snapshot) return {};
  const hosted = state.hosts.length > 0;
  const local = agentRows(snapshot, state.branches);
  const remote = hostRows(state.hosts);
  // One list across hosts, in today's order (who needs you first, whichever host).
  const all = reuseRows<HostedRow>(
    state.allAgents,
    hosted ? [...local, ...remote].sort(compareRows) : local,
    (row) => row.paneId,
  );
  const searchables = [...snapshot.panes.values()].map((pane) => ({
    ...searchableOf(pane, state.branches.get(pane.path) ?? ""),
    ...(hosted ? { host: LOCAL_HOST } : {}),
  }));
  const keep = matchPanes(
    hosted ? [...searchables, ...remote.map(remoteSearchable)] : searchables,
    state.filter,
  );
  const filtered = keep ? all.filter((row) => keep.has(row.paneId)) : all;
  // An agent view (herdr's agent.view.set) narrows and orders the list; `n` and the counts
  // still see every agent. It speaks of this server's panes: other hosts' rows follow it.
  const view = viewOf(snapshot);
  const agents = view
    ? [
        ...(viewedRows(
          filtered.filter((row) => !row.host),
          snapshot,
          state.presented,
        ) as HostedRow[]),
        ...filtered.filter((row) => row.host),
      ]
    : filtered;
  const localTree = treeRows(snapshot, state.collapsed, keep);
  const tree = reuseRows(
    state.tree,
    hosted
      ? [hostTreeRow(LOCAL_HOST, LOCAL_HOST), ...localTree, ...remoteTreeRows(state.hosts, remote, keep)]
      : localTree,
    (row) => row.key,
  );
  const asked = matchInbox(state.allInbox, snapshot.panes, state.branches, state.filter);
  const localInbox = asked ? state.allInbox.filter((entry) => asked.has(entry.row.paneId)) : state.allInbox;
  const remoteAsks = remoteInbox(
    state.hosts,
    keep ? remote.filter((row) => keep.has(row.paneId)) : remote,
    state.now,
  );
  const inbox = remoteAsks.length ? [...localInbox, ...remoteAsks] : localInbox;
  const agentView = view && { source: view.source, label: view.label };
  const next: Partial<DashState> = {
    allAgents: all,
    agents,
    counts: countStates(all),
    tree,
    inbox,
    agentView,
  };
  return { ...next, ...keepSelection(state, next) };
}

/** The selection survives a refresh: same row if it is still there, else the nearest one. */
function keepSelection(state: DashState, next: Partial<DashState>): Partial<DashState> {
  const agents = next.agents ?? state.agents;
  const tree = next.tree ?? state.tree;
  const inbox = next.inbox ?? state.inbox;
  const selected = { ...state.selected };
  if (!agents.some((row) => row.paneId === selected.agents)) {
    const at = state.agents.findIndex((row) => row.paneId === selected.agents);
    selected.agents = agents[Math.min(Math.max(at, 0), agents.length - 1)]?.paneId ?? "";
  }
  if (!tree.some((row) => row.key === selected.tree)) {
    const at = state.tree.findIndex((row) => row.key === selected.tree);
    selected.tree = tree[Math.min(Math.max(at, 0), tree.length - 1)]?.key ?? "";
  }
  if (!inbox.some((entry) => entry.row.paneId === selected.inbox)) {
    const at = state.inbox.findIndex((entry) => entry.row.paneId === selected.inbox);
    selected.inbox = inbox[Math.min(Math.max(at, 0), inbox.length - 1)]?.row.paneId ?? "";
  }
  return { selected, top: scrolledTops({ ...state, ...next, selected }) };
}

/** Each view's first row drawn, moved as little as keeps its selection on screen. */
export function scrolledTops(state: DashState): Record<View, number> {
  return {
    agents: scrollTop(state.top.agents, indexOf(state, "agents"), state.agents.length, state.pageRows),
    tree: scrollTop(state.top.tree, indexOf(state, "tree"), state.tree.length, state.pageRows),
    worktrees: scrollTop(
      state.top.worktrees,
      indexOf(state, "worktrees"),
      state.worktrees.length,
      state.pageRows,
    ),
    inbox: scrollTop(state.top.inbox, indexOf(state, "inbox"), state.inbox.length, state.pageRows),
  };
}

/** The first row to draw so that `index` is on screen, moving as little as possible. */
export function scrollTop(top: number, index: number, count: number, rows: number): number {
  const maxTop = Math.max(0, count - rows);
  let next = Math.min(top, maxTop);
  if (index >= 0 && index < next) next = index;
  if (index >= next + rows) next = index - rows + 1;
  return Math.max(0, Math.min(next, maxTop));
}

export function indexOf(state: DashState, view: View = state.view): number {
  if (view === "worktrees") return state.worktrees.findIndex((row) => row.path === state.selected.worktrees);
  if (view === "inbox") return state.inbox.findIndex((entry) => entry.row.paneId === state.selected.inbox);
  return view === "agents"
    ? state.agents.findIndex((row) => row.paneId === state.selected.agents)
    : state.tree.findIndex((row) => row.key === state.selected.tree);
}

export function rowCount(state: DashState, view: View = state.view): number {
  if (view === "worktrees") return state.worktrees.length;
  if (view === "inbox") return state.inbox.length;
  return view === "agents" ? state.agents.length : state.tree.length;
}

export function selectedWorktree(state: DashState): WorktreeRecord | undefined {
  return state.worktrees.find((row) => row.path === state.selected.worktrees);
}

/** The pane the selection points at, in either view. */
export function selectedPaneId(state: DashState): string {
  if (state.view === "agents") return state.selected.agents;
  if (state.view === "inbox") return state.selected.inbox;
  if (state.view === "worktrees") {
    // A worktree's pane is its session's active pane; a closed worktree has none.
    const session = selectedWorktree(state)?.session?.id;
    const panes = state.snapshot ? [...state.snapshot.panes.values()] : [];
    return panes.find((pane) => pane.sessionId === session && pane.active)?.id ?? "";
  }
  return state.tree.find((row) => row.key === state.selected.tree)?.paneId ?? "";
}

/** The Inbox entry of a pane: this server's (read here), else another host's (read there). */
export function inboxEntryOf(state: DashState, paneId: string): InboxEntry | undefined {
  return (
    state.allInbox.find((entry) => entry.row.paneId === paneId) ??
    state.inbox.find((entry) => entry.row.paneId === paneId)
  );
}

export function selectedAgent(state: DashState): HostedRow | undefined {
  const paneId = selectedPaneId(state);
  return state.allAgents.find((row) => row.paneId === paneId);
}
