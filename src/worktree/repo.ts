// A repository as taw sees it: its main worktree (where `<repo>.worktrees` sits beside it)
// and every worktree git knows, parsed from `git worktree list --porcelain`.

import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { TawError } from "../errors.ts";
import { git, gitTry } from "./git.ts";

export interface GitWorktree {
  path: string;
  /** The commit checked out; empty for a bare repository. */
  head: string;
  /** Short branch name; null when detached. */
  branch: string | null;
  bare: boolean;
  locked: boolean;
  prunable: boolean;
}

/** Parse `git worktree list --porcelain`: blank-line separated stanzas, the main worktree first. */
export function parseWorktreeList(output: string): GitWorktree[] {
  const worktrees: GitWorktree[] = [];
  for (const stanza of output.split(/\n\s*\n/)) {
    const lines = stanza.split("\n").filter((line) => line !== "");
    const first = lines[0];
    if (!first?.startsWith("worktree ")) continue;
    const entry: GitWorktree = {
      path: first.slice("worktree ".length),
      head: "",
      branch: null,
      bare: false,
      locked: false,
      prunable: false,
    };
    for (const line of lines.slice(1)) {
      const [key, ...rest] = line.split(" ");
      const value = rest.join(" ");
      if (key === "HEAD") entry.head = value;
      else if (key === "branch") entry.branch = value.replace(/^refs\/heads\//, "");
      else if (key === "bare") entry.bare = true;
      else if (key === "locked") entry.locked = true;
      else if (key === "prunable") entry.prunable = true;
    }
    worktrees.push(entry);
  }
  return worktrees;
}

export function notARepository(dir: string): TawError {
  return new TawError(
    "not_a_git_repository",
    `${dir} is not inside a git repository. Run this from a repository, or name one with --repo DIR.`,
  );
}

// Repeated verbs in one process (the dashboard) ask for the same repository again and again.
const mainRootCache = new Map<string, string>();

/** The main worktree of the repository that holds `dir`. */
export async function mainWorktree(dir: string): Promise<string> {
  const absolute = resolve(dir);
  const cached = mainRootCache.get(absolute);
  if (cached) return cached;
  if (!existsSync(absolute) || !statSync(absolute).isDirectory()) {
    throw new TawError("not_a_directory", `${absolute} is not a folder. Name a repository with --repo DIR.`);
  }
  const inside = await gitTry(absolute, ["rev-parse", "--is-inside-work-tree"]);
  if (inside.status !== 0 || inside.stdout !== "true") throw notARepository(absolute);
  const [main] = parseWorktreeList(await git(absolute, ["worktree", "list", "--porcelain"]));
  if (!main || main.bare) {
    throw new TawError(
      "bare_repository",
      `the repository at ${absolute} is bare; taw needs one with a work tree.`,
    );
  }
  mainRootCache.set(absolute, main.path);
  return main.path;
}

/** The distinct main worktrees of the repositories that hold `dirs`, in the order first
 * met; a folder in no repository (or in a bare one, or gone) adds none. */
export async function mainWorktreesOf(dirs: Iterable<string>): Promise<string[]> {
  const unique = [...new Set(dirs)].filter(Boolean);
  const mains = await Promise.all(unique.map((dir) => mainWorktree(dir).catch(() => undefined)));
  return [...new Set(mains.filter((main): main is string => main !== undefined))];
}

export async function listWorktrees(repo: string): Promise<GitWorktree[]> {
  return parseWorktreeList(await git(repo, ["worktree", "list", "--porcelain"]));
}

export async function branchExists(repo: string, branch: string): Promise<boolean> {
  const result = await gitTry(repo, ["show-ref", "--verify", "--quiet", `refs/heads/${branch}`]);
  return result.status === 0;
}

/** Refuse a branch name git would refuse, before anything is made. */
export async function checkBranchName(repo: string, branch: string): Promise<void> {
  const result = await gitTry(repo, ["check-ref-format", "--branch", branch]);
  if (result.status !== 0 || branch.startsWith("-")) {
    throw new TawError(
      "invalid_branch",
      `'${branch}' is not a valid branch name (git check-ref-format refuses it).`,
    );
  }
}

/** The commit `ref` names, or an error that says the ref is unknown. */
export async function resolveCommit(repo: string, ref: string): Promise<string> {
  const result = await gitTry(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (result.status !== 0 || result.stdout === "") {
    throw new TawError(
      "unknown_ref",
      `'${ref}' names no commit in ${repo}. Give --base a branch, tag or commit.`,
    );
  }
  return result.stdout;
}

/** The branch checked out in the main worktree: what a new worktree starts from by default. */
export async function currentBranch(repo: string): Promise<string | null> {
  const result = await gitTry(repo, ["symbolic-ref", "--quiet", "--short", "HEAD"]);
  return result.status === 0 ? result.stdout : null;
}
