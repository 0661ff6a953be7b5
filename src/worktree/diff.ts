// `worktree diff`: what a worktree changes against its base, as a reviewer wants it: every
// file touched since the branch left the base (committed or not, untracked files included as
// added), with line counts, and the patch. The base side is the merge base, so work that
// landed on the base meanwhile does not show as the worktree's.

import type { Tmux } from "../tmux/client.ts";
import { findWorktree } from "./find.ts";
import { git } from "./git.ts";
import { worktreeRecords } from "./record.ts";
import { mainWorktree } from "./repo.ts";

export interface DiffFile {
  path: string;
  added: number | null;
  deleted: number | null;
  /** git's status letter: A added, M modified, D deleted, R renamed, ? untracked. */
  status: string;
}

export interface DiffResult {
  worktree: string;
  branch: string | null;
  base: string;
  merge_base: string;
  files: DiffFile[];
  patch: string;
}

/** `git diff --numstat` lines: `added<TAB>deleted<TAB>path` ("-" for binary files). */
export function parseNumstat(output: string): Map<string, { added: number | null; deleted: number | null }> {
  const counts = new Map<string, { added: number | null; deleted: number | null }>();
  for (const line of output.split("\n")) {
    const [added, deleted, ...path] = line.split("\t");
    if (!path.length) continue;
    const count = (text: string | undefined) => (text === "-" || text === undefined ? null : Number(text));
    counts.set(path.join("\t"), { added: count(added), deleted: count(deleted) });
  }
  return counts;
}

export async function worktreeDiff(
  tmux: Tmux,
  options: { spec: string; repo?: string; base?: string },
): Promise<DiffResult> {
  const repo = await mainWorktree(options.repo ?? process.cwd());
  const record = findWorktree(await worktreeRecords(tmux, repo), options.spec);
  const base = options.base ?? record.base ?? "HEAD";
  const mergeBase = await git(record.path, ["merge-base", base, "HEAD"]);
  const [names, numstat, untracked, patch] = await Promise.all([
    git(record.path, ["diff", "--name-status", "-M", mergeBase]),
    git(record.path, ["diff", "--numstat", "-M", mergeBase]),
    git(record.path, ["ls-files", "--others", "--exclude-standard"]),
    git(record.path, ["diff", "-M", mergeBase]),
  ]);
  const counts = parseNumstat(numstat);
  const files: DiffFile[] = names
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [status, ...paths] = line.split("\t");
      const path = paths.at(-1) as string;
      const counted = counts.get(path) ?? [...counts].find(([key]) => key.includes(path))?.[1];
      return {
        path,
        status: (status ?? "M").charAt(0),
        added: counted?.added ?? null,
        deleted: counted?.deleted ?? null,
      };
    });
  for (const path of untracked.split("\n").filter(Boolean))
    files.push({ path, status: "?", added: null, deleted: null });
  return { worktree: record.path, branch: record.branch, base, merge_base: mergeBase, files, patch };
}
