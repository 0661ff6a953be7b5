// Where a worktree goes and what its tmux session is called.
//   folder:  [worktree] dir (default `<repo>.worktrees`, beside the repo) / <branch-slug>
//   session: <repo-basename>--<branch>, as tmux will fold it (`.` and `:` become `_`).

import { homedir } from "node:os";
import { basename, isAbsolute, join, resolve } from "node:path";
import { foldSessionName } from "../tmux/escape.ts";

/** A branch as one folder name: `feat/login` → `feat-login`; nothing a shell or tmux minds. */
export function branchSlug(branch: string): string {
  const slug = branch
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return slug || "worktree";
}

/** Where worktrees go when config names no place: a folder beside the repository. */
export const DEFAULT_WORKTREE_DIR = "{repo}.worktrees/{branch}";

/**
 * A worktree's folder from `[worktree] dir`: `{repo}` is the repository's folder name and
 * `{branch}` the branch slug; a dir without `{branch}` is a folder that holds one folder per
 * branch. It may start with `~`, and a relative one is taken from the repository's parent.
 */
export function worktreePath(repo: string, branch: string, configured?: string, home = homedir()): string {
  let template = configured || DEFAULT_WORKTREE_DIR;
  if (!template.includes("{branch}")) template = join(template, "{branch}");
  const filled = template.replaceAll("{repo}", basename(repo)).replaceAll("{branch}", branchSlug(branch));
  const expanded = filled === "~" || filled.startsWith("~/") ? join(home, filled.slice(1)) : filled;
  return isAbsolute(expanded) ? expanded : resolve(repo, "..", expanded);
}

/** The name asked of tmux for a worktree's session. */
export const sessionNameFor = (repo: string, branch: string) => `${basename(repo)}--${branch}`;

/** The name tmux will actually give it. */
export const foldedSessionNameFor = (repo: string, branch: string) =>
  foldSessionName(sessionNameFor(repo, branch));
