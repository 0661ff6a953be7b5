// The dashboard's one store. The feed (engine or reader) writes snapshots, branches and
// previews into it; keys write selection, view and overlays; components read slices.
// This is its entry: the state types (store/state.ts), the derived lists (store/derive.ts)
// and the message line (store/messages.ts) are re-exported here with the updates.

import { createStore } from "zustand/vanilla";
import { type AgentRow, nextUp } from "../agent/rows.ts";
import type { InboxEntry } from "../inbox/collect.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { WorktreeRecord } from "../worktree/record.ts";
import type { HostView } from "./remote-rows.ts";
import { derive, indexOf, rowCount, scrolledTops, scrollTop } from "./store/derive.ts";
import type { DashState, DashStore, EngineMode, Overlay, View } from "./store/state.ts";
import { DEFAULT_THEME, type Theme } from "./theme.ts";

export * from "./store/derive.ts";
export * from "./store/messages.ts";
export * from "./store/state.ts";

type Paged = Extract<Overlay, { kind: "help" | "diff" }>;
const isPager = (overlay: Overlay): overlay is Paged => overlay.kind === "help" || overlay.kind === "diff";

export interface StoreOptions {
  socket?: string;
  popup?: boolean;
  demo?: boolean;
  engine?: EngineMode;
  now?: number;
  theme?: Theme;
  /** The view it opens on (`taw dashboard --view inbox`). */
  view?: View;
}

export function createDashStore(options: StoreOptions = {}): DashStore {
  return createStore<DashState>(() => ({
    snapshot: undefined,
    theme: options.theme ?? DEFAULT_THEME,
    engine: options.engine ?? "starting",
    socket: options.socket ?? "",
    popup: options.popup ?? false,
    demo: options.demo ?? false,
    view: options.view ?? "agents",
    agentView: undefined,
    presented: {},
    allAgents: [],
    agents: [],
    hosts: [],
    counts: { blocked: 0, done: 0, working: 0, idle: 0 },
    tree: [],
    worktreeRepos: undefined,
    worktrees: [],
    allInbox: [],
    inbox: [],
    selected: { agents: "", tree: "", worktrees: "", inbox: "" },
    top: { agents: 0, tree: 0, worktrees: 0, inbox: 0 },
    pageRows: 10,
    filter: "",
    collapsed: new Set(),
    branches: new Map(),
    previewShown: false,
    preview: undefined,
    previewGrid: false,
    grid: [],
    overlay: { kind: "none" },
    input: "",
    message: undefined,
    now: options.now ?? Math.floor(Date.now() / 1000),
  }));
}

// ---- updates (pure state transitions, used by the feed and the key commands) ----

export function setSnapshot(store: DashStore, snapshot: Snapshot, now = Math.floor(Date.now() / 1000)): void {
  const first = store.getState().snapshot === undefined;
  store.setState((state) => ({ snapshot, now, ...derive({ ...state, snapshot }) }));
  if (first) selectNextUp(store);
}

/** What the hosts said (hosts-feed.ts): their states and agents, merged into every list. */
export function setHosts(store: DashStore, hosts: HostView[]): void {
  store.setState((state) => ({ hosts, ...derive({ ...state, hosts }) }));
}

export function setBranches(store: DashStore, branches: ReadonlyMap<string, string>): void {
  store.setState((state) => ({ branches, ...derive({ ...state, branches }) }));
}

export function setFilter(store: DashStore, filter: string): void {
  store.setState((state) => ({ filter, ...derive({ ...state, filter }) }));
}

export function toggleCollapsed(store: DashStore, sessionId: string): void {
  store.setState((state) => {
    const collapsed = new Set(state.collapsed);
    if (!collapsed.delete(sessionId)) collapsed.add(sessionId);
    return { collapsed, ...derive({ ...state, collapsed }) };
  });
}

/** Select the row at `index` of the current view (clamped). */
export function selectIndex(store: DashStore, index: number): void {
  store.setState((state) => {
    const count = rowCount(state);
    if (count === 0) return {};
    const at = Math.max(0, Math.min(index, count - 1));
    const key =
      state.view === "agents"
        ? state.agents[at]?.paneId
        : state.view === "tree"
          ? state.tree[at]?.key
          : state.view === "inbox"
            ? state.inbox[at]?.row.paneId
            : state.worktrees[at]?.path;
    const selected = { ...state.selected, [state.view]: key ?? "" };
    const top = { ...state.top, [state.view]: scrollTop(state.top[state.view], at, count, state.pageRows) };
    return { selected, top };
  });
}

/** ↓/↑ in a chooser overlay (the kind picker, the switcher, the sessionizer, the palette):
 * its `index` moves by `delta` among the `rows` it shows now, wrapping round. */
export function moveChoiceIndex(
  store: DashStore,
  kind: Overlay["kind"],
  rows: (state: DashState) => number,
  delta: number,
): void {
  const state = store.getState();
  const { overlay } = state;
  if (overlay.kind !== kind || !("index" in overlay)) return;
  const count = rows(state);
  if (count === 0) return;
  store.setState({ overlay: { ...overlay, index: (overlay.index + delta + count) % count } });
}

export function moveSelection(store: DashStore, delta: number): void {
  const state = store.getState();
  selectIndex(store, Math.max(indexOf(state), 0) + delta);
}

/** Scroll the list without moving past its ends; the selection follows when it leaves the view. */
export function scrollBy(store: DashStore, delta: number): void {
  const state = store.getState();
  const count = rowCount(state);
  const top = Math.max(0, Math.min(state.top[state.view] + delta, Math.max(0, count - state.pageRows)));
  store.setState({ top: { ...state.top, [state.view]: top } });
  const index = indexOf(state);
  if (index < top) selectIndex(store, top);
  else if (index >= top + state.pageRows) selectIndex(store, top + state.pageRows - 1);
}

export function selectPane(store: DashStore, paneId: string): void {
  const state = store.getState();
  if (state.view === "worktrees") return; // its rows are worktrees, not panes
  const index =
    state.view === "agents"
      ? state.agents.findIndex((row) => row.paneId === paneId)
      : state.view === "inbox"
        ? state.inbox.findIndex((entry) => entry.row.paneId === paneId)
        : state.tree.findIndex((row) => row.kind === "pane" && row.paneId === paneId);
  if (index >= 0) selectIndex(store, index);
}

/** Open on the agent that most needs you; returns it. */
export function selectNextUp(store: DashStore): AgentRow | undefined {
  const state = store.getState();
  // A stale row (its host away) is not offered: nothing is done on a stale record.
  const next = nextUp(state.hosts.length ? state.allAgents.filter((row) => !row.stale) : state.allAgents);
  if (!next) return undefined;
  if (state.view === "agents" && !state.agents.some((row) => row.paneId === next.paneId))
    setFilter(store, "");
  selectPane(store, next.paneId);
  return next;
}

export function setPageRows(store: DashStore, pageRows: number): void {
  const rows = Math.max(1, pageRows);
  if (store.getState().pageRows === rows) return;
  store.setState((state) => ({ pageRows: rows, top: scrolledTops({ ...state, pageRows: rows }) }));
}

const NEXT_VIEW: Record<View, View> = {
  agents: "tree",
  tree: "worktrees",
  worktrees: "inbox",
  inbox: "agents",
};

/** The next view; a message about the one left goes with it (a standing problem stays). */
export function switchView(store: DashStore): void {
  store.setState((state) => ({
    view: NEXT_VIEW[state.view],
    message: state.message?.problem ? state.message : undefined,
  }));
}

/** The Worktrees view's rows; the selection stays on its folder, else the nearest row. */
export function setWorktrees(store: DashStore, repos: string[], worktrees: WorktreeRecord[]): void {
  store.setState((state) => {
    const at = Math.max(
      0,
      state.worktrees.findIndex((row) => row.path === state.selected.worktrees),
    );
    const keep = worktrees.some((row) => row.path === state.selected.worktrees);
    const path = keep
      ? state.selected.worktrees
      : (worktrees[Math.min(at, worktrees.length - 1)]?.path ?? "");
    const selected = { ...state.selected, worktrees: path };
    return {
      worktreeRepos: repos,
      worktrees,
      selected,
      top: scrolledTops({ ...state, worktrees, selected }),
    };
  });
}

/** The Inbox's entries, filtered as the lists are; the selection stays on its agent, else
 * the nearest entry. */
export function setInbox(store: DashStore, allInbox: InboxEntry[]): void {
  store.setState((state) => ({ allInbox, ...derive({ ...state, allInbox }) }));
}

/** A reloaded config that changes nothing drawn leaves every component alone. */
export function setTheme(store: DashStore, theme: Theme): void {
  if (JSON.stringify(theme) !== JSON.stringify(store.getState().theme)) store.setState({ theme });
}
export function openHelp(store: DashStore): void {
  openOverlay(store, { kind: "help", top: 0, page: 1, maxTop: 0 });
}

/** A paged box's size, as drawn (the help, the diff): the scroll stays inside it. */
export function setPagerSize(store: DashStore, page: number, maxTop: number): void {
  const { overlay } = store.getState();
  if (!isPager(overlay) || (overlay.page === page && overlay.maxTop === maxTop)) return;
  store.setState({ overlay: { ...overlay, page, maxTop, top: Math.min(overlay.top, maxTop) } });
}

/** Scroll the help or the diff by `delta` rows (±Infinity for its ends). */
export function scrollPager(store: DashStore, delta: number): void {
  const { overlay } = store.getState();
  if (!isPager(overlay)) return;
  const top = Math.max(0, Math.min(overlay.top + delta, overlay.maxTop));
  if (top !== overlay.top) store.setState({ overlay: { ...overlay, top } });
}

export function openOverlay(store: DashStore, overlay: Overlay, input = ""): void {
  store.setState({ overlay, input });
}

export function closeOverlay(store: DashStore): void {
  store.setState({ overlay: { kind: "none" }, input: "" });
}
