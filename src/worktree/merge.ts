// `worktree merge`: a worktree's branch goes into its base (a merge, or a rebase onto the
// base then a fast-forward), then the worktree, its session and with --delete-branch its
// branch go, as `worktree remove` takes them. Everything is checked before git changes a
// thing: the worktree and the base's own work tree clean, the base checked out somewhere; a
// conflict is undone (merge --abort / rebase --abort) and reported with the files it touched,
// so nothing is ever left half-merged.

import { TawError } from "../errors.ts";
import { checkVeto } from "../hooks/veto.ts";
import type { Tmux } from "../tmux/client.ts";
import { findWorktree } from "./find.ts";
import { git, gitTry } from "./git.ts";
import { type WorktreeRecord, worktreeRecords } from "./record.ts";
import { removeWorktree, removing } from "./remove.ts";
import { branchExists, mainWorktree } from "./repo.ts";
import { describeDirty } from "./status.ts";

export type MergeStrategy = "merge" | "rebase";

export interface MergeOptions {
  spec: string;
  repo?: string;
  into?: string;
  strategy: MergeStrategy;
  deleteBranch?: boolean;
  /** Merge only: leave the worktree and its session where they are. */
  keep?: boolean;
}

export interface MergeResult {
  branch: string;
  into: string;
  strategy: MergeStrategy;
  /** The base's commit after the merge. */
  head: string;
  /** The worktree merged, as it was before (its session still named). */
  worktree: WorktreeRecord;
  removed: boolean;
  session_killed: boolean;
  branch_deleted: boolean;
}

const refuse = (code: string, message: string) => new TawError(code, message);

async function conflictedFiles(cwd: string): Promise<string[]> {
  const result = await gitTry(cwd, ["diff", "--name-only", "--diff-filter=U"]);
  return result.stdout.split("\n").filter(Boolean);
}

/** What stops the merge, in the order a user would fix it; nothing has been done yet. */
function checkable(record: WorktreeRecord, into: string | null, target: WorktreeRecord | undefined) {
  if (record.main)
    throw refuse(
      "main_worktree",
      `${record.path} is the repository's own work tree; merge a worktree taw added.`,
    );
  if (!record.branch)
    throw refuse("no_branch", `${record.path} is on a detached HEAD: there is no branch to merge.`);
  if (!into) throw refuse("no_base", `${record.branch} has no base taw knows: give --into <branch>.`);
  if (into === record.branch) throw refuse("same_branch", `${record.branch} cannot be merged into itself.`);
  if (record.dirty)
    throw refuse(
      "worktree_dirty",
      `${record.path} has ${describeDirty(record.changes)} not committed; commit or stash them, then merge.`,
    );
  if (!target)
    throw refuse(
      "base_not_checked_out",
      `${into} is not checked out in any worktree; check it out (git switch ${into} in ${record.repo}) and merge again.`,
    );
  if (target.dirty)
    throw refuse(
      "base_dirty",
      `${target.path} (on ${into}) has ${describeDirty(target.changes)} not committed; commit or stash them first.`,
    );
  return { branch: record.branch, into, target };
}

export async function mergeWorktree(tmux: Tmux, options: MergeOptions): Promise<MergeResult> {
  const repo = await mainWorktree(options.repo ?? process.cwd());
  const records = await worktreeRecords(tmux, repo);
  const record = findWorktree(records, options.spec);
  const into = options.into ?? record.base;
  if (options.into && !(await branchExists(repo, options.into)))
    throw refuse("unknown_branch", `there is no branch '${options.into}' in ${repo} to merge into.`);
  const { branch, target } = checkable(
    record,
    into,
    records.find((r) => r.branch === into && !r.prunable),
  );
  const base = into as string;
  // The worktree goes at the end of a merge: the pre_worktree_remove hook may refuse first.
  await checkVeto("pre_worktree_remove", { ...removing(record), merge_into: base });

  if (options.strategy === "rebase") {
    const rebased = await gitTry(record.path, ["rebase", base]);
    if (rebased.status !== 0) {
      const files = await conflictedFiles(record.path);
      await gitTry(record.path, ["rebase", "--abort"]);
      throw refuse(
        "merge_conflict",
        `rebasing ${branch} onto ${base} conflicts${files.length ? ` in ${files.join(", ")}` : ""}; nothing was changed. Resolve it in ${record.path} (git rebase ${base}), then merge again.`,
      );
    }
  }
  const flags = options.strategy === "rebase" ? ["--ff-only"] : ["--no-ff", "--no-edit"];
  const merged = await gitTry(target.path, ["merge", ...flags, branch]);
  if (merged.status !== 0) {
    const files = await conflictedFiles(target.path);
    await gitTry(target.path, ["merge", "--abort"]);
    throw refuse(
      "merge_conflict",
      `merging ${branch} into ${base} conflicts${files.length ? ` in ${files.join(", ")}` : ""}; nothing was changed. Rebase ${branch} onto ${base} in ${record.path} and resolve it there, then merge again.`,
    );
  }
  const head = await git(target.path, ["rev-parse", "HEAD"]);
  const done = { branch, into: base, strategy: options.strategy, head, worktree: record };
  if (options.keep) return { ...done, removed: false, session_killed: false, branch_deleted: false };
  const removed = await removeWorktree(tmux, {
    spec: record.path,
    repo,
    deleteBranch: options.deleteBranch,
    allowed: true,
  });
  return {
    ...done,
    removed: true,
    session_killed: removed.session_killed,
    branch_deleted: removed.branch_deleted,
  };
}
