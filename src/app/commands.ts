// The one command registry: every key the dashboard answers, with the title `?` shows and
// the hint the footer shows. Key handling, help and footer all read this list.

import {
  type ActionContext,
  askClose,
  askPrompt,
  askRename,
  askStart,
  cycleProfile,
  jump,
  jumpNextUp,
  seen,
  submitOverlay,
} from "./actions.ts";
import { PREVIEW_MIN_WIDTH } from "./layout.ts";
import { notInstalled, pickerChoices } from "./picker.ts";
import {
  closeOverlay,
  type DashState,
  type KindChoice,
  type Mode,
  moveChoiceIndex,
  moveSelection,
  openHelp,
  openOverlay,
  rowCount,
  scrollPager,
  selectedAgent,
  selectedPaneId,
  selectIndex,
  setFilter,
  showMessage,
  switchView,
  toggleCollapsed,
} from "./store.ts";

/** The worktree actions bring git plumbing that the first frame
 * does not need; they load on first use. */
const worktreeActions = () => import("./worktrees.ts");
/** So do the Inbox's answers (src/inbox). */
const inboxActions = () => import("./components/InboxActions.ts");
/** And the session switcher's (src/space). */
const sessionActions = () => import("./components/SessionActions.ts");
/** And the palette's (plugin actions, src/plugin). */
const paletteActions = () => import("./components/PaletteActions.ts");
/** And the sessionizer's (src/sessionizer). */
const folderActions = () => import("./components/FolderActions.ts");

export type Category = "Move" | "View" | "Agent" | "Inbox" | "Worktree" | "Session" | "Dashboard" | "Dialog";

export interface KeyCommand {
  id: string;
  /** Key names as keyName() spells them. */
  keys: string[];
  /** How the footer and help write the keys. */
  hint: string;
  title: string;
  category: Category;
  modes: Mode[];
  /** Shown in the footer when it applies (a function: when it also holds). */
  footer?: boolean | ((state: DashState) => boolean);
  /** The footer's word for it, when the title is too long (a function: what it does in the
   * dialog open now). */
  short?: string | ((state: DashState) => string);
  when?(state: DashState): boolean;
  /** `taw run <id>` may run it outside the dashboard: on the agent `--agent` names exactly
   * ("agent"), or as it stands ("none"). Commands that ask for input or only move the
   * dashboard have none. */
  script?: "agent" | "none";
  /** `key` is the key pressed (for a command with several, as option 1-9). */
  run(ctx: ActionContext, key: string): void | Promise<void>;
}

const LIST: Mode[] = ["none"];
const EDITING: Mode[] = [
  "filter",
  "rename",
  "prompt",
  "picker",
  "branch",
  "answer",
  "sessions",
  "folders",
  "palette",
  "session-rename",
];

const inTree = (state: DashState) => state.view === "tree";
const inWorktrees = (state: DashState) => state.view === "worktrees";
/** The help or the diff is taller than its box (its footer hint shows only then). */
const pagerScrolls = (state: DashState) =>
  (state.overlay.kind === "help" || state.overlay.kind === "diff") && state.overlay.maxTop > 0;
const selectedTreeRow = (state: DashState) => state.tree.find((row) => row.key === state.selected.tree);
const inInbox = (state: DashState) => state.view === "inbox";
/** The selected agent (Inbox, or a blocked one in Agents) waits on a prompt taw read. */
const canAnswer = (state: DashState) => {
  if (state.view !== "inbox" && state.view !== "agents") return false;
  const paneId = selectedPaneId(state);
  return state.allInbox.some((entry) => entry.row.paneId === paneId && entry.promptId !== undefined);
};
/** The keys of a down / up pair that move down. */
const DOWN_KEYS = new Set(["j", "down"]);
const PAGE_DOWN_KEYS = new Set(["pagedown", "ctrl+d", "space"]);
const START_KEYS = new Set(["g", "home"]);
const OPTION_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

function movePicker(ctx: ActionContext, delta: number): void {
  const rows = ({ overlay, input }: DashState) =>
    overlay.kind === "picker" ? pickerChoices(overlay.kinds, input).length : 0;
  moveChoiceIndex(ctx.store, "picker", rows, delta);
}

/** ↓/↑ in the session switcher and in the sessionizer. */
async function moveChoice(ctx: ActionContext, delta: number): Promise<void> {
  const { kind } = ctx.store.getState().overlay;
  if (kind === "folders") (await folderActions()).moveFolder(ctx, delta);
  else if (kind === "palette") (await paletteActions()).movePalette(ctx, delta);
  else (await sessionActions()).moveChoice(ctx, delta);
}

/** `v`: the grid or the selection in the preview; where the preview is hidden, it says so. */
function togglePreviewGrid(ctx: ActionContext): void {
  if (!ctx.store.getState().previewShown) {
    showMessage(
      ctx.store,
      `no preview at this width: it shows from ${PREVIEW_MIN_WIDTH} columns, then v switches it to a grid`,
      true,
    );
    return;
  }
  ctx.store.setState((state) => ({ previewGrid: !state.previewGrid, grid: [] }));
}

/** Enter in the palette: a registry command runs as its own key would. */
function runById(ctx: ActionContext, id: string): void | Promise<void> {
  const command = COMMANDS.find((c) => c.id === id);
  return command?.run(ctx, command.keys[0] ?? "");
}

const ENTER_WORDS: Partial<Record<Mode, string>> = {
  palette: "run",
  folders: "open",
  rename: "rename",
  "session-rename": "rename",
  branch: "choose agent",
};

/** What Enter does in the dialog open now, as the footer says it. */
function enterWord({ overlay }: DashState): string {
  if (overlay.kind === "sessions") return overlay.move ? "move" : "switch";
  if (overlay.kind === "picker") return overlay.place === "worktree" ? "make worktree" : "start";
  return ENTER_WORDS[overlay.kind] ?? "send";
}

function pagerPage(ctx: ActionContext): number {
  const { overlay } = ctx.store.getState();
  return overlay.kind === "help" || overlay.kind === "diff" ? overlay.page : 1;
}

function pickedKind(state: DashState): KindChoice | undefined {
  const { overlay, input } = state;
  if (overlay.kind !== "picker") return undefined;
  const choices = pickerChoices(overlay.kinds, input);
  return choices[Math.min(overlay.index, choices.length - 1)];
}

export const COMMANDS: KeyCommand[] = [
  // Moving
  {
    id: "move",
    short: "move",
    keys: ["j", "down", "k", "up"],
    hint: "j/k",
    title: "move down / up",
    category: "Move",
    modes: LIST,
    footer: true,
    run: (c, key) => moveSelection(c.store, DOWN_KEYS.has(key) ? 1 : -1),
  },
  {
    id: "ends",
    keys: ["g", "home", "G", "end"],
    hint: "g/G",
    title: "first / last row",
    category: "Move",
    modes: LIST,
    run: (c, key) => selectIndex(c.store, START_KEYS.has(key) ? 0 : rowCount(c.store.getState()) - 1),
  },
  {
    id: "page",
    keys: ["pagedown", "ctrl+d", "pageup", "ctrl+u"],
    hint: "PgDn/PgUp",
    title: "page down / up",
    category: "Move",
    modes: LIST,
    run: (c, key) => moveSelection(c.store, (PAGE_DOWN_KEYS.has(key) ? 1 : -1) * c.store.getState().pageRows),
  },
  // Views
  {
    id: "view",
    short: "view",
    keys: ["tab"],
    hint: "Tab",
    title: "switch view (Agents / Tree / Worktrees / Inbox)",
    category: "View",
    modes: LIST,
    footer: true,
    run: (c) => switchView(c.store),
  },
  {
    id: "preview-grid",
    short: "grid",
    keys: ["v"],
    hint: "v",
    title: "preview: the selected agent, or a grid of every blocked and working one",
    category: "View",
    modes: LIST,
    run: (c) => togglePreviewGrid(c),
  },
  {
    id: "filter",
    short: "filter",
    keys: ["/"],
    hint: "/",
    title: "filter (fuzzy: name, kind, session, title, branch; in the Inbox also what it asks)",
    category: "View",
    modes: LIST,
    footer: true,
    run: (c) => openOverlay(c.store, { kind: "filter" }, c.store.getState().filter),
  },
  {
    id: "clear-filter",
    short: "clear filter",
    keys: ["escape"],
    hint: "Esc",
    title: "clear the filter",
    category: "View",
    modes: LIST,
    footer: true,
    when: (s) => s.filter !== "",
    run: (c) => setFilter(c.store, ""),
  },
  {
    id: "collapse",
    short: "fold",
    keys: ["space", "left", "right", "h", "l"],
    hint: "Space",
    title: "collapse / expand a session (Tree)",
    category: "View",
    modes: LIST,
    footer: true,
    when: inTree,
    run: (c) => {
      const row = selectedTreeRow(c.store.getState());
      if (row) toggleCollapsed(c.store, row.sessionId);
    },
  },
  // Worktrees
  {
    id: "worktree-new",
    short: "new worktree",
    keys: ["w"],
    hint: "w",
    title: "new worktree: a branch, its session, and an agent in it",
    category: "Worktree",
    modes: LIST,
    footer: true,
    when: inWorktrees,
    run: async (c) => (await worktreeActions()).askNewWorktree(c),
  },
  {
    id: "worktree-remove",
    short: "remove",
    keys: ["W"],
    hint: "W",
    title: "remove the worktree and its session (says what would be lost; the branch stays)",
    category: "Worktree",
    modes: LIST,
    footer: true,
    when: inWorktrees,
    run: async (c) => (await worktreeActions()).askRemoveWorktree(c),
  },
  {
    id: "worktree-diff",
    short: "diff",
    keys: ["d"],
    hint: "d",
    title: "the worktree's changes against its base: files, then the diff (j/k, PgDn scroll)",
    category: "Worktree",
    modes: LIST,
    footer: true,
    when: inWorktrees,
    run: async (c) => (await worktreeActions()).openDiff(c),
  },
  // Agents
  {
    id: "jump",
    script: "agent",
    short: "jump",
    keys: ["return"],
    hint: "Enter",
    title: "jump to the pane, or a worktree's session (the popup then closes)",
    category: "Agent",
    modes: LIST,
    footer: true,
    run: async (c) =>
      inWorktrees(c.store.getState()) ? (await worktreeActions()).openSelectedWorktree(c) : jump(c),
  },
  {
    id: "next",
    script: "none",
    short: "next up",
    keys: ["n"],
    hint: "n",
    title: "next up: jump to the agent that most needs you",
    category: "Agent",
    modes: LIST,
    footer: true,
    run: (c) => jumpNextUp(c),
  },
  {
    id: "start",
    short: "start",
    keys: ["s"],
    hint: "s",
    title: "start an agent in a new window of the selected session",
    category: "Agent",
    modes: LIST,
    footer: true,
    run: (c) => askStart(c, "window"),
  },
  {
    id: "split",
    keys: ["S"],
    hint: "S",
    title: "start an agent in a split beside the selected pane",
    category: "Agent",
    modes: LIST,
    run: (c) => askStart(c, "split"),
  },
  {
    id: "rename",
    keys: ["r"],
    hint: "r",
    title: "rename the agent",
    category: "Agent",
    modes: LIST,
    run: (c) => askRename(c),
  },
  {
    id: "prompt",
    short: "prompt",
    keys: ["p"],
    hint: "p",
    title: "send the agent a prompt",
    category: "Agent",
    modes: LIST,
    footer: true,
    run: (c) => askPrompt(c),
  },
  {
    id: "close",
    keys: ["x"],
    hint: "x",
    title: "close the pane (asks first)",
    category: "Agent",
    modes: LIST,
    run: (c) => askClose(c),
  },
  {
    id: "seen",
    script: "agent",
    keys: ["m"],
    hint: "m",
    title: "mark seen",
    category: "Agent",
    modes: LIST,
    run: (c) => seen(c),
  },
  {
    id: "pip",
    script: "agent",
    keys: ["P"],
    hint: "P",
    title: "picture-in-picture: pin the agent in a corner of your window, live (P again unpins)",
    category: "Agent",
    modes: LIST,
    run: async (c) => (await import("./pip.ts")).togglePip(c),
  },
  {
    id: "resume",
    script: "agent",
    keys: ["R"],
    hint: "R",
    title: "resume a restored agent's conversation (types its resume command)",
    category: "Agent",
    modes: LIST,
    // Hinted only on a restored row; pressed on another, it says there is nothing to resume.
    footer: (s) => selectedAgent(s)?.restored === true,
    run: async (c) => (await import("./resume.ts")).resumeSelected(c),
  },
  {
    id: "resume-all",
    script: "none",
    keys: ["ctrl+r"],
    hint: "C-r",
    title: "resume every restored agent whose resume waits",
    category: "Agent",
    modes: LIST,
    run: async (c) => (await import("./resume.ts")).resumeAll(c),
  },
  // Inbox: answer the selected waiting agent (src/inbox)
  {
    id: "inbox-approve",
    short: "approve",
    keys: ["a", "A"],
    hint: "a/A",
    title: "approve once / always (A: the agent stops asking); never_approve jumps instead",
    category: "Inbox",
    modes: LIST,
    footer: true,
    when: canAnswer,
    run: async (c, key) =>
      (await inboxActions()).answerSelected(c, { kind: key === "A" ? "always" : "approve" }),
  },
  {
    id: "inbox-deny",
    short: "deny",
    keys: ["d"],
    hint: "d",
    title: "deny",
    category: "Inbox",
    modes: LIST,
    footer: true,
    when: canAnswer,
    run: async (c) => (await inboxActions()).answerSelected(c, { kind: "deny" }),
  },
  {
    id: "inbox-option",
    short: "option",
    keys: OPTION_KEYS,
    hint: "1-9",
    title: "pick option N of the prompt",
    category: "Inbox",
    modes: LIST,
    footer: true,
    when: canAnswer,
    run: async (c, key) => (await inboxActions()).answerSelected(c, { kind: "option", n: Number(key) }),
  },
  {
    id: "inbox-type",
    keys: ["t"],
    hint: "t",
    title: "type: a free answer to a question, or deny an approval and say what to do instead",
    category: "Inbox",
    modes: LIST,
    when: canAnswer,
    run: async (c) => (await inboxActions()).askAnswer(c),
  },
  {
    id: "inbox-safe",
    short: "approve read-only",
    keys: ["Y"],
    hint: "Y",
    title: "approve every waiting command [inbox] read_only calls safe, nothing else",
    category: "Inbox",
    modes: LIST,
    footer: true,
    when: inInbox,
    run: async (c) => (await inboxActions()).approveAllSafe(c),
  },
  {
    id: "inbox-approve-yes",
    short: "approve",
    keys: ["y"],
    hint: "y",
    title: "yes, approve what the [inbox] rules do not call read-only",
    category: "Inbox",
    modes: ["approve"],
    footer: true,
    run: async (c) => (await inboxActions()).confirmApprove(c),
  },
  // Sessions (src/space)
  {
    id: "sessions",
    short: "sessions",
    keys: ["o"],
    hint: "o",
    title: "session switcher: type to filter, Enter switches (creates the typed name if none matches)",
    category: "Session",
    modes: LIST,
    footer: true,
    run: async (c) => (await sessionActions()).openSwitcher(c),
  },
  {
    id: "folders",
    short: "folders",
    keys: ["O"],
    hint: "O",
    title: "sessionizer: a project folder's session, opened (made there when none is); type to filter",
    category: "Session",
    modes: LIST,
    run: async (c) => (await folderActions()).openFolders(c),
  },
  {
    id: "move-to-session",
    keys: ["M"],
    hint: "M",
    title: "move the pane (a Tree window row: the window) to another session; it keeps running",
    category: "Session",
    modes: LIST,
    run: async (c) => (await sessionActions()).askMove(c),
  },
  {
    id: "session-previous",
    script: "none",
    keys: ["["],
    hint: "[",
    title: "previous session",
    category: "Session",
    modes: LIST,
    run: async (c) => (await sessionActions()).step(c, "previous"),
  },
  {
    id: "session-next",
    script: "none",
    keys: ["]"],
    hint: "]",
    title: "next session",
    category: "Session",
    modes: LIST,
    run: async (c) => (await sessionActions()).step(c, "next"),
  },
  {
    id: "session-down",
    short: "choose",
    keys: ["down", "ctrl+n"],
    hint: "↓/↑",
    title: "next / previous session (or folder)",
    category: "Session",
    modes: ["sessions", "folders", "palette"],
    footer: true,
    run: (c) => moveChoice(c, 1),
  },
  {
    id: "session-up",
    keys: ["up", "ctrl+p"],
    hint: "↑",
    title: "previous session (or folder) in the list",
    category: "Session",
    modes: ["sessions", "folders", "palette"],
    run: (c) => moveChoice(c, -1),
  },
  {
    id: "session-switch",
    short: enterWord,
    keys: ["return"],
    hint: "Enter",
    title: "switch to the session (or create the typed name); the folder's session; run the palette's choice",
    category: "Session",
    modes: ["sessions", "folders", "palette"],
    footer: true,
    run: async (c) => {
      const { kind } = c.store.getState().overlay;
      if (kind === "folders") return (await folderActions()).openChosen(c);
      if (kind === "palette") return (await paletteActions()).runChosen(c, (id) => runById(c, id));
      return (await sessionActions()).switchChosen(c);
    },
  },
  {
    id: "session-rename",
    short: "rename",
    keys: ["ctrl+r"],
    hint: "C-r",
    title: "rename the session (its tmux name)",
    category: "Session",
    modes: ["sessions"],
    footer: true,
    run: async (c) => (await sessionActions()).askRenameSession(c),
  },
  {
    id: "session-kill",
    short: "kill",
    keys: ["ctrl+x"],
    hint: "C-x",
    title: "kill the session (asks first; never the one you are on)",
    category: "Session",
    modes: ["sessions"],
    footer: true,
    run: async (c) => (await sessionActions()).askKillSession(c),
  },
  // Dashboard
  {
    id: "palette",
    short: "commands",
    keys: [":", "ctrl+p"],
    hint: ":",
    title: "command palette: every command that applies, and the plugins' actions; type to filter",
    category: "Dashboard",
    modes: LIST,
    run: async (c) =>
      (await paletteActions()).openPalette(
        c,
        applicable({ ...c.store.getState(), overlay: { kind: "none" } }),
      ),
  },
  {
    id: "help",
    short: "keys",
    keys: ["?"],
    hint: "?",
    title: "all keys",
    category: "Dashboard",
    modes: LIST,
    footer: true,
    run: (c) => openHelp(c.store),
  },
  {
    id: "quit",
    short: "quit",
    keys: ["q", "escape", "ctrl+c"],
    hint: "q",
    title: "quit",
    category: "Dashboard",
    modes: LIST,
    footer: true,
    run: (c) => c.quit(),
  },
  // Dialogs
  {
    id: "help-close",
    short: "close",
    keys: ["escape", "?", "q", "return"],
    hint: "Esc",
    title: "close help / the diff",
    category: "Dialog",
    modes: ["help", "diff"],
    footer: true,
    run: (c) => closeOverlay(c.store),
  },
  {
    id: "help-scroll",
    short: "scroll",
    keys: ["j", "down", "k", "up"],
    hint: "j/k",
    title: "scroll down / up (help, diff)",
    category: "Dialog",
    modes: ["help", "diff"],
    when: pagerScrolls,
    footer: true,
    run: (c, key) => scrollPager(c.store, DOWN_KEYS.has(key) ? 1 : -1),
  },
  {
    id: "help-page",
    keys: ["pagedown", "ctrl+d", "space", "pageup", "ctrl+u"],
    hint: "PgDn/PgUp",
    title: "a page down / up",
    category: "Dialog",
    modes: ["help", "diff"],
    when: pagerScrolls,
    run: (c, key) => scrollPager(c.store, (PAGE_DOWN_KEYS.has(key) ? 1 : -1) * pagerPage(c)),
  },
  {
    id: "help-ends",
    keys: ["g", "home", "G", "end"],
    hint: "g/G",
    title: "the start / the end",
    category: "Dialog",
    modes: ["help", "diff"],
    when: pagerScrolls,
    run: (c, key) =>
      scrollPager(c.store, START_KEYS.has(key) ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY),
  },
  {
    id: "filter-keep",
    short: "keep",
    keys: ["return"],
    hint: "Enter",
    title: "keep the filter",
    category: "Dialog",
    modes: ["filter"],
    footer: true,
    run: (c) => closeOverlay(c.store),
  },
  {
    id: "filter-clear",
    short: "clear",
    keys: ["escape"],
    hint: "Esc",
    title: "clear the filter",
    category: "Dialog",
    modes: ["filter"],
    footer: true,
    run: (c) => {
      setFilter(c.store, "");
      closeOverlay(c.store);
    },
  },
  {
    id: "pick-down",
    short: "choose",
    keys: ["down", "ctrl+n"],
    hint: "↓/↑",
    title: "next / previous kind",
    category: "Dialog",
    modes: ["picker"],
    footer: true,
    run: (c) => movePicker(c, 1),
  },
  {
    id: "pick-up",
    keys: ["up", "ctrl+p"],
    hint: "↑",
    title: "previous kind",
    category: "Dialog",
    modes: ["picker"],
    run: (c) => movePicker(c, -1),
  },
  {
    id: "pick-sandbox",
    short: "sandbox",
    keys: ["tab"],
    hint: "Tab",
    title: "run it in the next sandbox profile (config.toml [sandbox.profiles]), or none",
    category: "Dialog",
    modes: ["picker"],
    footer: true,
    when: (s) => s.overlay.kind === "picker" && (s.overlay.profiles?.length ?? 0) > 0,
    run: (c) => cycleProfile(c),
  },
  {
    id: "pick",
    short: enterWord,
    keys: ["return"],
    hint: "Enter",
    title: "start the chosen kind",
    category: "Dialog",
    modes: ["picker"],
    footer: true,
    run: async (c) => {
      const state = c.store.getState();
      const picked = pickedKind(state);
      if (picked?.installed === false) {
        closeOverlay(c.store);
        return showMessage(c.store, notInstalled(picked), true);
      }
      const worktree = state.overlay.kind === "picker" && state.overlay.place === "worktree";
      return worktree
        ? (await worktreeActions()).createFromPicker(c, picked?.id)
        : submitOverlay(c, picked?.id);
    },
  },
  {
    id: "submit",
    short: enterWord,
    keys: ["return"],
    hint: "Enter",
    title: "send / save",
    category: "Dialog",
    modes: ["rename", "prompt", "branch", "answer", "session-rename"],
    footer: true,
    run: async (c) => {
      const kind = c.store.getState().overlay.kind;
      if (kind === "session-rename") return (await sessionActions()).submitRenameSession(c);
      if (kind === "branch") return (await worktreeActions()).askWorktreeAgent(c);
      if (kind === "answer") return (await inboxActions()).submitAnswer(c);
      return submitOverlay(c);
    },
  },
  {
    id: "confirm",
    short: "yes",
    keys: ["y", "return"],
    hint: "y",
    title: "yes, close the pane / remove the worktree / kill the session",
    category: "Dialog",
    modes: ["confirm", "remove-worktree", "session-kill"],
    footer: true,
    run: async (c) => {
      const kind = c.store.getState().overlay.kind;
      if (kind === "session-kill") return (await sessionActions()).confirmKillSession(c);
      return kind === "remove-worktree"
        ? (await worktreeActions()).confirmRemoveWorktree(c)
        : submitOverlay(c);
    },
  },
  {
    id: "cancel",
    short: "no",
    keys: ["escape", "n", "ctrl+c"],
    hint: "n",
    title: "no, keep it",
    category: "Dialog",
    modes: ["confirm", "remove-worktree", "session-kill", "approve"],
    footer: true,
    run: async (c) =>
      c.store.getState().overlay.kind === "approve"
        ? (await inboxActions()).cancelApprove(c)
        : closeOverlay(c.store),
  },
  {
    id: "cancel-edit",
    short: "cancel",
    keys: ["escape", "ctrl+c"],
    hint: "Esc",
    title: "cancel",
    category: "Dialog",
    // Every typing overlay but the filter, whose Esc clears it (clear-filter).
    modes: EDITING.filter((mode) => mode !== "filter"),
    footer: true,
    run: (c) => closeOverlay(c.store),
  },
];

/** The commands that apply in the current state, in registry order. */
export function applicable(state: DashState): KeyCommand[] {
  const mode = state.overlay.kind;
  return COMMANDS.filter((command) => command.modes.includes(mode) && (!command.when || command.when(state)));
}

export function findCommand(state: DashState, key: string): KeyCommand | undefined {
  return applicable(state).find((command) => command.keys.includes(key));
}

export const isEditing = (state: DashState) => EDITING.includes(state.overlay.kind);
