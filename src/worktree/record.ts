// One worktree as verbs and the dashboard show it: where, which branch, its session (or
// closed), what it holds that is not committed, and how far it has moved from its base.

import type { Tmux } from "../tmux/client.ts";
import { foldedSessionNameFor } from "./names.ts";
import { currentBranch, type GitWorktree, listWorktrees } from "./repo.ts";
import { type SessionRef, sessionsByWorktree } from "./session.ts";
import { type DirtySummary, dirtySummary, divergence, isDirty, recordedBase } from "./status.ts";

export interface WorktreeRecord {
  repo: string;
  path: string;
  branch: string | null;
  head: string;
  /** The repository's own work tree, which taw never removes. */
  main: boolean;
  /** What ahead/behind count from: the base it was made from, else the main worktree's branch. */
  base: string | null;
  session: SessionRef | null;
  dirty: boolean;
  changes: DirtySummary;
  ahead: number | null;
  behind: number | null;
  /** git could not find the folder (deleted by hand): `git worktree prune` forgets it. */
  prunable: boolean;
}

async function recordOf(
  repo: string,
  worktree: GitWorktree,
  main: boolean,
  defaultBase: string | null,
  session: SessionRef | undefined,
): Promise<WorktreeRecord> {
  const changes = worktree.prunable ? { changed: 0, untracked: 0 } : await dirtySummary(worktree.path);
  const base = worktree.branch ? ((await recordedBase(repo, worktree.branch)) ?? defaultBase) : null;
  const moved =
    worktree.branch && base && !(main && base === worktree.branch)
      ? await divergence(repo, base, worktree.branch)
      : null;
  return {
    repo,
    path: worktree.path,
    branch: worktree.branch,
    head: worktree.head,
    main,
    base,
    session: session ?? null,
    dirty: isDirty(changes),
    changes,
    ahead: moved?.ahead ?? null,
    behind: moved?.behind ?? null,
    prunable: worktree.prunable,
  };
}

/** Every worktree of `repo` (its main worktree first), each with its session. */
export async function worktreeRecords(tmux: Tmux, repo: string): Promise<WorktreeRecord[]> {
  const worktrees = await listWorktrees(repo);
  const defaultBase = await currentBranch(repo);
  const sessions = await sessionsByWorktree(
    tmux,
    worktrees.map((w) => ({ path: w.path, name: foldedSessionNameFor(repo, w.branch ?? "") })),
  );
  // One git status per worktree, run side by side: a listing waits for the slowest, not the sum.
  return Promise.all(
    worktrees.map((worktree, index) =>
      recordOf(repo, worktree, index === 0, defaultBase, sessions.get(worktree.path)),
    ),
  );
}
