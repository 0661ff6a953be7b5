// What a worktree holds that is not elsewhere: changes not committed (dirty), and how far its
// branch has moved from the base it was made from (ahead/behind). Both are what `remove`
// warns about and what `list` shows.

import { git, gitTry } from "./git.ts";

export interface DirtySummary {
  /** Tracked files changed (staged or not). */
  changed: number;
  /** Files git does not track and does not ignore. */
  untracked: number;
}

/** Parse `git status --porcelain`: `??` lines are untracked, the rest changed. */
export function parseStatus(output: string): DirtySummary {
  const summary: DirtySummary = { changed: 0, untracked: 0 };
  for (const line of output.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("??")) summary.untracked++;
    else summary.changed++;
  }
  return summary;
}

export const isDirty = (summary: DirtySummary) => summary.changed + summary.untracked > 0;

export function describeDirty(summary: DirtySummary): string {
  const parts: string[] = [];
  if (summary.changed) parts.push(`${summary.changed} changed file${summary.changed === 1 ? "" : "s"}`);
  if (summary.untracked)
    parts.push(`${summary.untracked} untracked file${summary.untracked === 1 ? "" : "s"}`);
  return parts.join(" and ") || "no changes";
}

export async function dirtySummary(worktree: string): Promise<DirtySummary> {
  return parseStatus(await git(worktree, ["status", "--porcelain", "--untracked-files=normal"]));
}

// The base a worktree's branch was made from, kept in the repository's own config so that
// git tools and a second taw agree: `branch.<name>.tawBase`.
const baseKey = (branch: string) => `branch.${branch}.tawBase`;

export async function recordBase(repo: string, branch: string, base: string): Promise<void> {
  await git(repo, ["config", "--local", baseKey(branch), base]);
}

export async function recordedBase(repo: string, branch: string): Promise<string | null> {
  const result = await gitTry(repo, ["config", "--local", "--get", baseKey(branch)]);
  return result.status === 0 && result.stdout !== "" ? result.stdout : null;
}

export async function forgetBase(repo: string, branch: string): Promise<void> {
  await gitTry(repo, ["config", "--local", "--unset", baseKey(branch)]);
}

export interface Divergence {
  ahead: number;
  behind: number;
}

/** Commits on `branch` not on `base` (ahead) and the other way round; null when either is gone. */
export async function divergence(repo: string, base: string, branch: string): Promise<Divergence | null> {
  const result = await gitTry(repo, [
    "rev-list",
    "--left-right",
    "--count",
    `${base}...refs/heads/${branch}`,
  ]);
  if (result.status !== 0) return null;
  const [behind, ahead] = result.stdout.split(/\s+/).map(Number);
  if (!Number.isFinite(behind) || !Number.isFinite(ahead)) return null;
  return { ahead: ahead as number, behind: behind as number };
}
