// The Worktrees view's keys (src/worktree): make, remove, and read a worktree's diff.

import type { DashState } from "../store.ts";
import { type KeyCommand, LIST } from "./command.ts";
import { worktreeActions } from "./lazy.ts";

export const inWorktrees = (state: DashState) => state.view === "worktrees";

export const WORKTREE_COMMANDS: KeyCommand[] = [
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
];
