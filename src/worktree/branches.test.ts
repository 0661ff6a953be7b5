import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BranchCache, readBranch } from "./branches.ts";

const root = mkdtempSync(join(tmpdir(), "taw-branch-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const git = (cwd: string, ...args: string[]) => {
  const result = Bun.spawnSync(["git", "-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd });
  if (result.exitCode !== 0) throw new Error(result.stderr.toString());
};

test("the branch of a folder inside a repository, of a linked worktree, and none outside git", async () => {
  const repo = join(root, "repo");
  mkdirSync(join(repo, "src", "deep"), { recursive: true });
  git(repo, "init", "-q", "-b", "trunk");
  git(repo, "commit", "-q", "--allow-empty", "-m", "first");
  expect(await readBranch(join(repo, "src", "deep"))).toBe("trunk");
  git(repo, "worktree", "add", "-q", "-b", "feature/login", join(root, "wt"));
  expect(await readBranch(join(root, "wt"))).toBe("feature/login");
  expect(await readBranch(root)).toBe("");
});

test("the cache answers only when a branch changed", async () => {
  const repo = join(root, "cached");
  mkdirSync(repo);
  git(repo, "init", "-q", "-b", "one");
  const cache = new BranchCache();
  expect((await cache.refresh([repo], 0))?.get(repo)).toBe("one");
  expect(await cache.refresh([repo], 1)).toBeUndefined();
  git(repo, "checkout", "-q", "-b", "two");
  expect(await cache.refresh([repo], 2)).toBeUndefined(); // still fresh: not re-read
  expect((await cache.refresh([repo], 10_000))?.get(repo)).toBe("two");
});
