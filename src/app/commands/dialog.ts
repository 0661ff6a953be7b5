// The keys inside the dialogs: the help and the diff (close, scroll), the filter, the start
// picker, the typed lines (send / save), the y / n questions, and cancel.

import { type ActionContext, cycleProfile, submitOverlay } from "../actions.ts";
import { notInstalled, pickerChoices } from "../picker.ts";
import {
  closeOverlay,
  type DashState,
  type KindChoice,
  type Mode,
  moveChoiceIndex,
  scrollPager,
  setFilter,
  showMessage,
} from "../store.ts";
import { DOWN_KEYS, EDITING, type KeyCommand, PAGE_DOWN_KEYS, START_KEYS } from "./command.ts";
import { inboxActions, sessionActions, worktreeActions } from "./lazy.ts";

/** The help or the diff is taller than its box (its footer hint shows only then). */
const pagerScrolls = (state: DashState) =>
  (state.overlay.kind === "help" || state.overlay.kind === "diff") && state.overlay.maxTop > 0;

function movePicker(ctx: ActionContext, delta: number): void {
  const rows = ({ overlay, input }: DashState) =>
    overlay.kind === "picker" ? pickerChoices(overlay.kinds, input).length : 0;
  moveChoiceIndex(ctx.store, "picker", rows, delta);
}

const ENTER_WORDS: Partial<Record<Mode, string>> = {
  palette: "run",
  folders: "open",
  rename: "rename",
  "session-rename": "rename",
  branch: "choose agent",
};

/** What Enter does in the dialog open now, as the footer says it. */
export function enterWord({ overlay }: DashState): string {
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

export const DIALOG_COMMANDS: KeyCommand[] = [
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
