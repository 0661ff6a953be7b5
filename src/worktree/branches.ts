// The git branch of each agent's directory, read from .git/HEAD directly (no git process),
// cached per directory and refreshed at most every BRANCH_TTL_MS, off the render path.

import { readFile, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

/** A branch changes rarely; re-reading HEAD every few seconds keeps it honest. */
export const BRANCH_TTL_MS = 5000;

/** The branch checked out at `path` (short name, or a short commit when detached); "" outside git. */
export async function readBranch(path: string): Promise<string> {
  let dir = resolve(path || "/");
  for (;;) {
    const gitPath = join(dir, ".git");
    const info = await stat(gitPath).catch(() => undefined);
    if (info) {
      const gitDir = info.isDirectory() ? gitPath : await linkedGitDir(gitPath, dir);
      if (gitDir) return headBranch(gitDir);
    }
    const parent = dirname(dir);
    if (parent === dir) return "";
    dir = parent;
  }
}

/** A worktree's `.git` file: `gitdir: <path>`. */
async function linkedGitDir(file: string, dir: string): Promise<string | undefined> {
  const text = await readFile(file, "utf8").catch(() => "");
  const match = /^gitdir:\s*(.+)$/m.exec(text);
  return match?.[1] ? resolve(dir, match[1].trim()) : undefined;
}

async function headBranch(gitDir: string): Promise<string> {
  const head = (await readFile(join(gitDir, "HEAD"), "utf8").catch(() => "")).trim();
  if (head.startsWith("ref: ")) return head.slice(5).replace(/^refs\/heads\//, "");
  return head.slice(0, 7);
}

export class BranchCache {
  private readonly entries = new Map<string, { branch: string; at: number }>();

  /** Branches of `paths`, re-reading stale ones; resolves with the map only when one changed. */
  async refresh(paths: Iterable<string>, now = Date.now()): Promise<Map<string, string> | undefined> {
    let changed = false;
    const wanted = new Set(paths);
    await Promise.all(
      [...wanted].map(async (path) => {
        const entry = this.entries.get(path);
        if (entry && now - entry.at < BRANCH_TTL_MS) return;
        const branch = await readBranch(path);
        if (entry?.branch !== branch) changed = true;
        this.entries.set(path, { branch, at: now });
      }),
    );
    for (const path of this.entries.keys()) {
      if (!wanted.has(path)) {
        this.entries.delete(path);
        changed = true;
      }
    }
    if (!changed) return undefined;
    return new Map([...this.entries].map(([path, entry]) => [path, entry.branch]));
  }
}
