import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { git, useRepos } from "../../e2e/git-repo.ts";
import { mainWorktreesOf, parseWorktreeList } from "./repo.ts";
import { describeDirty, parseStatus } from "./status.ts";

describe("git's porcelain, read", () => {
  test("worktree list: the main worktree first, branches short, detached and prunable marked", () => {
    const output = [
      "worktree /src/app",
      "HEAD 1111111111111111111111111111111111111111",
      "branch refs/heads/main",
      "",
      "worktree /src/app.worktrees/feat-x",
      "HEAD 2222222222222222222222222222222222222222",
      "branch refs/heads/feat/x",
      "locked",
      "",
      "worktree /tmp/with space",
      "HEAD 3333333333333333333333333333333333333333",
      "detached",
      "prunable gitdir file points to non-existent location",
      "",
    ].join("\n");
    const list = parseWorktreeList(output);
    expect(list.map((w) => w.path)).toEqual(["/src/app", "/src/app.worktrees/feat-x", "/tmp/with space"]);
    expect(list.map((w) => w.branch)).toEqual(["main", "feat/x", null]);
    expect(list[1]?.locked).toBe(true);
    expect(list[2]?.prunable).toBe(true);
    expect(list[0]?.head).toBe("1111111111111111111111111111111111111111");
  });

  test("status: untracked files are told from changed ones", () => {
    const summary = parseStatus(" M a.ts\nA  b.ts\n?? c.ts\n?? d/\n");
    expect(summary).toEqual({ changed: 2, untracked: 2 });
    expect(describeDirty(summary)).toBe("2 changed files and 2 untracked files");
    expect(describeDirty(parseStatus(""))).toBe("no changes");
    expect(describeDirty(parseStatus("?? x\n"))).toBe("1 untracked file");
  });
});

describe("the repositories that hold some folders", () => {
  const makeRepo = useRepos();
  test("each main worktree once, in the order met; folders in no repository add none", async () => {
    const { parent, repo } = makeRepo("app");
    const other = makeRepo("lib").repo;
    mkdirSync(join(repo, "src"));
    git(repo, "worktree", "add", "-q", "-b", "feat", join(parent, "app-feat"));
    const plain = realpathSync(mkdtempSync(join(tmpdir(), "taw-plain-")));
    const dirs = [plain, join(parent, "app-feat"), other, join(repo, "src"), repo, join(plain, "gone"), ""];
    expect(await mainWorktreesOf(dirs)).toEqual([repo, other]);
    expect(await mainWorktreesOf([plain])).toEqual([]);
    rmSync(plain, { recursive: true });
  });
});
