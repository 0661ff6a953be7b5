import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expandHome, mergeFolders, scanRoot } from "./folders.ts";

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), "taw-sessionizer-"));
  for (const dir of ["b/inner/deep", "a", ".hidden/x"]) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, "file.txt"), "not a folder\n");
  return root;
}

test("a root's subfolders down to depth, in name order, hidden ones and files left out", () => {
  const root = tree();
  expect(scanRoot(root, 1)).toEqual([join(root, "a"), join(root, "b")]);
  expect(scanRoot(root, 2)).toEqual([join(root, "a"), join(root, "b"), join(root, "b/inner")]);
  expect(scanRoot(root, 2, 2)).toEqual([join(root, "a"), join(root, "b")]);
  expect(scanRoot(join(root, "missing"), 1)).toEqual([]);
});

test("~ is the home folder; other paths are made absolute", () => {
  expect(expandHome("~", { HOME: "/home/u" })).toBe("/home/u");
  expect(expandHome("~/code", { HOME: "/home/u" })).toBe("/home/u/code");
  expect(expandHome("/srv/x", { HOME: "/home/u" })).toBe("/srv/x");
});

test("each folder once, at its first place, with every place it came from and its session", () => {
  const folders = mergeFolders({
    sessions: [{ id: "$1", name: "api", path: "/c/api", worktree: "" }],
    worktrees: ["/c/api.worktrees/fix", "/c/api"],
    zoxide: ["/c/web", "/c/api"],
    roots: ["/c/api", "/c/web", "/c/zed"],
  });
  expect(folders).toEqual([
    {
      path: "/c/api",
      sources: ["session", "worktree", "zoxide", "root"],
      session: { id: "$1", name: "api" },
    },
    { path: "/c/api.worktrees/fix", sources: ["worktree"] },
    { path: "/c/web", sources: ["zoxide", "root"] },
    { path: "/c/zed", sources: ["root"] },
  ]);
});
