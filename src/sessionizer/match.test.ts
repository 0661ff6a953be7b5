import { expect, test } from "bun:test";
import type { Folder } from "./folders.ts";
import { matchFolders } from "./match.ts";

const folder = (path: string, session?: string): Folder => ({
  path,
  sources: ["root"],
  ...(session ? { session: { id: "$1", name: session } } : {}),
});

const FOLDERS = [folder("/home/u/code/web"), folder("/home/u/code/api", "backend"), folder("/home/u/notes")];

test("nothing typed keeps every folder in its order", () => {
  expect(matchFolders(FOLDERS, "  ").map((f) => f.path)).toEqual(FOLDERS.map((f) => f.path));
});

test("a folder's last part matches before a path that only contains the letters", () => {
  expect(matchFolders(FOLDERS, "api")[0]?.path).toBe("/home/u/code/api");
  expect(matchFolders(FOLDERS, "notes").map((f) => f.path)).toEqual(["/home/u/notes"]);
});

test("a session's name finds its folder; nothing close finds nothing", () => {
  expect(matchFolders(FOLDERS, "backend").map((f) => f.path)).toEqual(["/home/u/code/api"]);
  expect(matchFolders(FOLDERS, "zzzzqx")).toEqual([]);
});
