import { expect, test } from "bun:test";
import { diffLines } from "./diff-lines.ts";

test("the heading, each file with its counts (untracked without), then the patch by tone", () => {
  const lines = diffLines({
    worktree: "/r.worktrees/fix",
    branch: "fix",
    base: "main",
    merge_base: "0123456789abcdef",
    files: [
      { path: "a.txt", status: "M", added: 1, deleted: 1 },
      { path: "new.txt", status: "?", added: null, deleted: null },
    ],
    patch: "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n",
  });
  expect(lines).toEqual([
    { text: "fix against main (from 01234567): 2 files", tone: "heading" },
    { text: "  M a.txt  +1 -1", tone: "plain" },
    { text: "  ? new.txt", tone: "plain" },
    { text: "", tone: "plain" },
    { text: "diff --git a/a.txt b/a.txt", tone: "file" },
    { text: "--- a/a.txt", tone: "file" },
    { text: "+++ b/a.txt", tone: "file" },
    { text: "@@ -1 +1 @@", tone: "hunk" },
    { text: "-old", tone: "deleted" },
    { text: "+new", tone: "added" },
  ]);
});

test("no change says so, with no patch part", () => {
  const lines = diffLines({
    worktree: "/w",
    branch: null,
    base: "HEAD",
    merge_base: "abc",
    files: [],
    patch: "",
  });
  expect(lines.map((l) => l.text)).toEqual([
    "(detached) against HEAD (from abc): 0 files",
    "  nothing changed",
  ]);
});
