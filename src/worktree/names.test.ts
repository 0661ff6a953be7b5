import { describe, expect, test } from "bun:test";
import { branchSlug, foldedSessionNameFor, sessionNameFor, worktreePath } from "./names.ts";

describe("worktree names", () => {
  test("a branch with slashes and odd characters becomes one folder name", () => {
    expect(branchSlug("feat/login")).toBe("feat-login");
    expect(branchSlug("fix: a#b")).toBe("fix-a-b");
    expect(branchSlug("release/1.2")).toBe("release-1.2");
    expect(branchSlug("--")).toBe("worktree");
  });

  test("worktrees sit beside the repository unless a dir is configured", () => {
    expect(worktreePath("/src/app", "feat/x")).toBe("/src/app.worktrees/feat-x");
    expect(worktreePath("/src/app", "feat/x", "/tmp/wt")).toBe("/tmp/wt/feat-x");
    expect(worktreePath("/src/app", "feat/x", "wt")).toBe("/src/wt/feat-x");
    expect(worktreePath("/src/app", "feat/x", "~/wt", "/home/u")).toBe("/home/u/wt/feat-x");
  });

  test("a configured template places {repo} and {branch}", () => {
    expect(worktreePath("/src/app", "feat/x", "{repo}--{branch}")).toBe("/src/app--feat-x");
    expect(worktreePath("/src/app", "b", "/w/{repo}/{branch}/src")).toBe("/w/app/b/src");
  });

  test("the session name folds as tmux folds it, at both ends", () => {
    expect(sessionNameFor("/home/u/.dotfiles", "release/1.2")).toBe(".dotfiles--release/1.2");
    expect(foldedSessionNameFor("/home/u/.dotfiles", "release/1.2")).toBe("_dotfiles--release/1_2");
  });
});
