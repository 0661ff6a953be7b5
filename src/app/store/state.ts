// The dashboard's state: what the store holds (the feed's snapshots and reads, the keys'
// selection, view and overlays), and the overlays that take the keyboard.

import type { StoreApi } from "zustand/vanilla";
import type { StateCounts } from "../../agent/rows.ts";
import type { ViewContext } from "../../agent-view/apply.ts";
import type { Answer } from "../../detect/prompt.ts";
import type { InboxEntry } from "../../inbox/collect.ts";
import type { Folder } from "../../sessionizer/folders.ts";
import type { Snapshot } from "../../tmux/snapshot.ts";
import type { WorktreeRecord } from "../../worktree/record.ts";
import type { StyledLine } from "../ansi.ts";
import type { HostedRow, HostView } from "../remote-rows.ts";
import type { Theme } from "../theme.ts";
import type { TreeRow } from "../tree.ts";

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
  /** Every agent, sorted; the header counts and `n` read this, not the filtered list. Other
   * hosts' agents are among them (HostedRow.host). */
  allAgents: HostedRow[];
  agents: HostedRow[];
  /** The configured hosts (config.toml [hosts.*]) and what each last said; empty without. */
  hosts: HostView[];
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

/** What a standing problem is about. */
export type ProblemSource = "config" | "manifest";
