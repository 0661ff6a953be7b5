import { describe, expect, test } from "bun:test";
import { findWorktree } from "./find.ts";
import type { WorktreeRecord } from "./record.ts";
import { whatWouldBeLost } from "./remove.ts";

const record = (over: Partial<WorktreeRecord>): WorktreeRecord => ({
  repo: "/src/app",
  path: "/src/app",
  branch: "main",
  head: "1".repeat(40),
  main: false,
  base: "main",
  session: null,
  dirty: false,
  changes: { changed: 0, untracked: 0 },
  ahead: 0,
  behind: 0,
  prunable: false,
  ...over,
});

const records = [
  record({ main: true }),
  record({ path: "/src/app--feat-x", branch: "feat/x", session: { id: "$4", name: "app--feat/x" } }),
  record({ path: "/src/app--fix", branch: "fix" }),
];

describe("which worktree a user means", () => {
  test("by branch, folder, folder name or session name", () => {
    expect(findWorktree(records, "feat/x").path).toBe("/src/app--feat-x");
    expect(findWorktree(records, "/src/app--fix").branch).toBe("fix");
    expect(findWorktree(records, "../app--fix", "/src/app").branch).toBe("fix");
    expect(findWorktree(records, "app--feat-x").branch).toBe("feat/x");
    expect(findWorktree(records, "app--feat/x").branch).toBe("feat/x");
  });

  test("an unknown one is named, with the worktrees there are", () => {
    expect(() => findWorktree(records, "nope")).toThrow(
      "no worktree 'nope' in /src/app. Its worktrees: feat/x, fix.",
    );
  });
});

describe("what removing a worktree would lose", () => {
  test("changes, the session, and with --delete-branch the commits only the branch has", () => {
    const busy = record({
      branch: "feat/x",
      dirty: true,
      changes: { changed: 2, untracked: 1 },
      ahead: 3,
      session: { id: "$4", name: "app--feat/x" },
    });
    expect(whatWouldBeLost(busy, false)).toEqual([
      "2 changed files and 1 untracked file not committed",
      "the tmux session app--feat/x and everything running in it",
    ]);
    expect(whatWouldBeLost(busy, true)).toContain("3 commits on feat/x not on main");
    expect(whatWouldBeLost(record({ branch: "fix" }), true)).toEqual([]);
  });
});
