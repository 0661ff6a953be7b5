// `worktree open`: the session of an existing worktree, made when it has none.

import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { findWorktree } from "./find.ts";
import { sessionNameFor } from "./names.ts";
import { type WorktreeRecord, worktreeRecords } from "./record.ts";
import { mainWorktree } from "./repo.ts";
import { createSession } from "./session.ts";

export interface OpenResult {
  worktree: WorktreeRecord;
  /** false when the worktree already had its session. */
  created: boolean;
}

export async function openWorktree(tmux: Tmux, spec: string, repoDir?: string): Promise<OpenResult> {
  const repo = await mainWorktree(repoDir ?? process.cwd());
  const record = findWorktree(await worktreeRecords(tmux, repo), spec);
  if (record.session) return { worktree: record, created: false };
  if (record.prunable) {
    throw new TawError(
      "worktree_missing",
      `${record.path} is gone from disk; 'git worktree prune' forgets it.`,
    );
  }
  const session = await createSession(
    tmux,
    sessionNameFor(repo, record.branch ?? record.head.slice(0, 8)),
    record.path,
  );
  return { worktree: { ...record, session }, created: true };
}
