// `worktree remove`: its session goes, then its folder. A worktree with work not committed is
// refused unless forced; its branch (and the commits on it) stays unless --delete-branch.

import { TawError } from "../errors.ts";
import { checkVeto } from "../hooks/veto.ts";
import type { Tmux } from "../tmux/client.ts";
import { findWorktree } from "./find.ts";
import { git } from "./git.ts";
import { type WorktreeRecord, worktreeRecords } from "./record.ts";
import { mainWorktree } from "./repo.ts";
import { killSession } from "./session.ts";
import { describeDirty, forgetBase } from "./status.ts";

export interface RemoveOptions {
  spec: string;
  repo?: string;
  force?: boolean;
  deleteBranch?: boolean;
  /** The pre_worktree_remove hook already allowed it (a merge asks before it merges). */
  allowed?: boolean;
}

/** What a pre_worktree_remove hook is told of the worktree about to go. */
export const removing = (record: WorktreeRecord) => ({
  worktree: record.path,
  branch: record.branch ?? "",
  repo: record.repo,
  session: record.session?.name ?? "",
});

export interface RemoveResult {
  removed: WorktreeRecord;
  session_killed: boolean;
  branch_deleted: boolean;
}

/** What removing this worktree would lose, in words: the confirmation the dashboard shows. */
export function whatWouldBeLost(record: WorktreeRecord, deleteBranch: boolean): string[] {
  const lost: string[] = [];
  if (record.dirty) lost.push(`${describeDirty(record.changes)} not committed`);
  if (deleteBranch && record.ahead) {
    lost.push(
      `${record.ahead} commit${record.ahead === 1 ? "" : "s"} on ${record.branch} not on ${record.base}`,
    );
  }
  if (record.session) lost.push(`the tmux session ${record.session.name} and everything running in it`);
  return lost;
}

export async function removeWorktree(tmux: Tmux, options: RemoveOptions): Promise<RemoveResult> {
  const repo = await mainWorktree(options.repo ?? process.cwd());
  const record = findWorktree(await worktreeRecords(tmux, repo), options.spec);
  if (record.main) {
    throw new TawError(
      "main_worktree",
      `${record.path} is the repository's own work tree; taw removes only added worktrees.`,
    );
  }
  if (record.dirty && !options.force) {
    throw new TawError(
      "worktree_dirty",
      `${record.path} has ${describeDirty(record.changes)} not committed; removing it would lose them. Commit or stash them, or pass --force.`,
    );
  }
  if (options.deleteBranch && !record.branch) {
    throw new TawError("no_branch", `${record.path} is on a detached HEAD; there is no branch to delete.`);
  }
  if (!options.allowed) await checkVeto("pre_worktree_remove", removing(record));
  if (record.session) await killSession(tmux, record.session.id);
  // git refuses a worktree with untracked or changed files without --force; the check above
  // already asked the user, so a forced remove passes it on.
  await git(repo, ["worktree", "remove", ...(options.force ? ["--force"] : []), record.path]);
  let branchDeleted = false;
  if (options.deleteBranch && record.branch) {
    await git(repo, ["branch", "-D", record.branch]);
    await forgetBase(repo, record.branch);
    branchDeleted = true;
  }
  return { removed: record, session_killed: record.session !== null, branch_deleted: branchDeleted };
}
