// The dashboard's one store. The feed (engine or reader) writes snapshots, branches and
// previews into it; keys write selection, view and overlays; components read slices.
// Derived lists (sorted agents, tree rows) are computed here when their inputs change, so a
// render never sorts or filters.

import { createStore, type StoreApi } from "zustand/vanilla";
import { type AgentRow, agentRows, countStates, nextUp, RANK, type StateCounts } from "../agent/rows.ts";
import type { ViewContext } from "../agent-view/apply.ts";
import { viewedRows, viewOf } from "../agent-view/rows.ts";
import type { Answer } from "../detect/prompt.ts";
import type { InboxEntry } from "../inbox/collect.ts";
import type { Folder } from "../sessionizer/folders.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { WorktreeRecord } from "../worktree/record.ts";
import type { StyledLine } from "./ansi.ts";
import { matchInbox, matchPanes, searchableOf } from "./filter.ts";
import { publicIdsIn } from "./public-ids.ts";
import { DEFAULT_THEME, type Theme } from "./theme.ts";
import { type TreeRow, treeRows } from "./tree.ts";

export type View = "agents" | "tree" | "worktrees" | "inbox";
/** Who keeps the states current: this dashboard, another process, nobody yet, or nobody (off). */
export type EngineMode = "hosting" | "reading" | "starting" | "off";

/** What takes the keyboard: the list, or one of the overlays. */
export type Overlay =
  | { kind: "none" }
  /** `?`: every key (paged). */
  | ({ kind: "help" } & Pager)
  /** `d` in Worktrees: a worktree's changed files and its diff against its base, paged. */
  | ({ kind: "diff"; title: string; lines: DiffLine[] } & Pager)
  | { kind: "filter" }
  | { kind: "rename"; paneId: string; label: string }
  | { kind: "prompt"; paneId: string; label: string }
  | { kind: "confirm"; paneId: string; label: string }
  /** The Inbox's `t`: a typed answer, or a deny with a message to the agent. */
  | { kind: "answer"; paneId: string; label: string; promptId: string; deny: boolean }
  /** An approval the [inbox] rules leave to the user (risk `ask`), asked before it is typed. */
  | { kind: "approve"; paneId: string; label: string; promptId: string; answer: Answer; question: string }
  /** `w`: the new worktree's branch is being typed. */
  | { kind: "branch"; repo: string }
  /** `W`: what removing the worktree would lose, asked about. */
  | { kind: "remove-worktree"; path: string; label: string; lost: string[] }
  /** The session switcher: `index` is the row chosen, `spaces` each session's space. */
  | { kind: "sessions"; index: number; spaces: Record<string, string>; move?: Moving }
  /** The palette (`:`): commands and plugin actions, `index` the row chosen. */
  | { kind: "palette"; index: number; items: PaletteItem[] }
  /** The sessionizer (`O`): the folders a session can be opened in, `index` the row chosen. */
  | { kind: "folders"; index: number; folders: Folder[] }
  | { kind: "session-rename"; sessionId: string; label: string }
  | { kind: "session-kill"; sessionId: string; label: string }
  | {
      kind: "picker";
      place: "window" | "split" | "worktree";
      paneId: string;
      sessionId: string;
      kinds: KindChoice[];
      index: number;
      /** config.toml's sandbox profiles, and the one chosen (Tab cycles; none by default). */
      profiles?: string[];
      profile?: string;
      /** For a worktree: its branch and repository. */
      branch?: string;
      repo?: string;
    };

export type Mode = Overlay["kind"];

/** A row of the palette (`:`): a registry command or a plugin action (palette.ts lists them). */
export interface PaletteItem {
  /** `command:<id>` or `action:<plugin.action>`. */
  key: string;
  title: string;
  /** What the row says it is: its keys, or the plugin it comes from. */
  tag: string;
}

/** `M`: the switcher picks where a window or pane goes instead of where the client goes. */
export interface Moving {
  kind: "window" | "pane";
  /** Its tmux id. */
  id: string;
  label: string;
}

/** An overlay that scrolls: `top` is its first row shown; the box sets `page` (rows it shows)
 * and `maxTop` (how far it scrolls) once drawn, since only it knows its size. */
export interface Pager {
  top: number;
  page: number;
  maxTop: number;
}

/** A line of the diff view, and how it is drawn. */
export interface DiffLine {
  text: string;
  tone: "heading" | "file" | "added" | "deleted" | "hunk" | "plain";
}

type Paged = Extract<Overlay, { kind: "help" | "diff" }>;
const isPager = (overlay: Overlay): overlay is Paged => overlay.kind === "help" || overlay.kind === "diff";

export interface KindChoice {
  id: string;
  name: string;
  /** The command it starts, and whether that is on PATH (none for "just the worktree"). */
  command?: string;
  installed?: boolean;
}

export interface Message {
  text: string;
  error: boolean;
  /** A standing problem (config.toml, a user manifest): it stays until the file is fixed or
   * another message replaces it. */
  problem?: ProblemSource;
}

export interface Preview {
  paneId: string;
  lines: StyledLine[];
}

export interface DashState {
  snapshot: Snapshot | undefined;
  /** Colours and glyphs, from config.toml's [ui]. */
  theme: Theme;
  engine: EngineMode;
  socket: string;
  popup: boolean;
  demo: boolean;
  view: View;
  /** The agent view in force (herdr's agent.view.set), if any: its owner and label. */
  agentView: { source: string; label?: string } | undefined;
  /** Where the person looks (the popup's client, else the dashboard's pane): the view's
   * current_workspace_id and current_tab_id. */
  presented: ViewContext;
  /** Every agent, sorted; the header counts and `n` read this, not the filtered list. */
  allAgents: AgentRow[];
  agents: AgentRow[];
  counts: StateCounts;
  tree: TreeRow[];
  /** The Worktrees view's repositories (undefined until first read) and their worktrees. */
  worktreeRepos: string[] | undefined;
  worktrees: WorktreeRecord[];
  /** Blocked agents and what they ask (src/inbox), read when the blocked set changes. */
  allInbox: InboxEntry[];
  /** The Inbox's rows: allInbox as the filter leaves it. */
  inbox: InboxEntry[];
  /** Selected row: a pane id in Agents and Inbox, a row key in Tree, a folder in Worktrees. */
  selected: Record<View, string>;
  /** First row drawn, per view. */
  top: Record<View, number>;
  /** How many rows the list shows; set by the list when its size changes. */
  pageRows: number;
  filter: string;
  collapsed: ReadonlySet<string>;
  branches: ReadonlyMap<string, string>;
  previewShown: boolean;
  preview: Preview | undefined;
  /** `v`: the preview shows a grid of every blocked and working agent instead of the selection. */
  previewGrid: boolean;
  /** The grid's screens, in the grid's order (gridPaneIds). */
  grid: Preview[];
  overlay: Overlay;
  /** The line being typed in the filter, rename, prompt or picker overlay. */
  input: string;
  message: Message | undefined;
  /** Unix seconds the time-in-state labels are computed against. */
  now: number;
}

export type DashStore = StoreApi<DashState>;

/** The most agents the preview grid shows (and the feed captures) at once. */
export const GRID_MAX = 6;

/** The grid's agents: the blocked ones, then the working ones, in the list's order. */
export function gridPaneIds(state: DashState): string[] {
  return state.allAgents
    .filter((row) => row.rank === RANK.blocked || row.rank === RANK.working)
    .slice(0, GRID_MAX)
    .map((row) => row.paneId);
}

/** The header's name for the agent view in force: its label, else its owner. */
export const agentViewName = (state: DashState) =>
  state.agentView && (state.agentView.label ?? state.agentView.source);

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
  for (const key of Object.keys(ra)) if (ra[key] !== rb[key]) return false;
  return true;
}

/** Recompute the lists from the snapshot, branches, filter and collapsed sessions. */
export function derive(state: DashState): Partial<DashState> {
  const { snapshot } = state;
  if (!snapshot) return {};
  const all = reuseRows(state.allAgents, agentRows(snapshot, state.branches), (row) => row.paneId);
  const keep = matchPanes(
    [...snapshot.panes.values()].map((pane) => searchableOf(pane, state.branches.get(pane.path) ?? "")),
    state.filter,
  );
  const filtered = keep ? all.filter((row) => keep.has(row.paneId)) : all;
  // An agent view (herdr's agent.view.set) narrows and orders the list; `n` and the counts
  // still see every agent.
  const agents = viewedRows(filtered, snapshot, state.presented);
  const tree = reuseRows(state.tree, treeRows(snapshot, state.collapsed, keep), (row) => row.key);
  const asked = matchInbox(state.allInbox, snapshot.panes, state.branches, state.filter);
  const inbox = asked ? state.allInbox.filter((entry) => asked.has(entry.row.paneId)) : state.allInbox;
  const view = viewOf(snapshot);
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

function scrolledTops(state: DashState): Record<View, number> {
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

export function selectedAgent(state: DashState): AgentRow | undefined {
  const paneId = selectedPaneId(state);
  return state.allAgents.find((row) => row.paneId === paneId);
}

// ---- updates (pure state transitions, used by the feed and the key commands) ----

export function setSnapshot(store: DashStore, snapshot: Snapshot, now = Math.floor(Date.now() / 1000)): void {
  const first = store.getState().snapshot === undefined;
  store.setState((state) => ({ snapshot, now, ...derive({ ...state, snapshot }) }));
  if (first) selectNextUp(store);
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
  const next = nextUp(state.allAgents);
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

/** How long the message line keeps news, and an error (longer: it may need reading twice).
 * A standing problem (showProblem) stays until its file is fixed. */
export const INFO_MESSAGE_MS = 5_000;
export const ERROR_MESSAGE_MS = 15_000;

/** Messages name panes and windows by public id, whatever wrote them (public-ids.ts). */
const messageOf = (store: DashStore, text: string, error: boolean): Message => ({
  text: publicIdsIn(text, store.getState().snapshot),
  error,
});

export function showMessage(store: DashStore, text: string, error = false): void {
  const message = messageOf(store, text, error);
  store.setState({ message });
  const expire = () => {
    if (store.getState().message === message) store.setState({ message: undefined });
  };
  // unref: a message waiting to go never keeps the process alive.
  setTimeout(expire, error ? ERROR_MESSAGE_MS : INFO_MESSAGE_MS).unref();
}

/** What is under way ("starting claude…"): it stays until its outcome replaces it. */
export function showProgress(store: DashStore, text: string): void {
  store.setState({ message: messageOf(store, text, false) });
}

/** What a standing problem is about. */
export type ProblemSource = "config" | "manifest";

/** Show a file's problem, or (undefined) clear the one shown once that file is fixed. */
export function showProblem(store: DashStore, source: ProblemSource, text: string | undefined): void {
  const { message } = store.getState();
  if (text !== undefined) {
    if (message?.text !== text) store.setState({ message: { text, error: true, problem: source } });
  } else if (message?.problem === source) store.setState({ message: undefined });
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
