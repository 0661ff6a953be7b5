// The sessionizer's list narrowed by what is typed: fuzzy over the folder's path and its
// session's name, best match first; everything, in its own order, when nothing is typed.

import Fuse from "fuse.js";
import type { Folder } from "./folders.ts";

const THRESHOLD = 0.4;

export function matchFolders(folders: readonly Folder[], query: string): Folder[] {
  const text = query.trim();
  if (text === "") return [...folders];
  const fuse = new Fuse(folders, {
    keys: [
      { name: "name", weight: 2, getFn: (folder) => folder.path.split("/").pop() ?? "" },
      { name: "path", weight: 1, getFn: (folder) => folder.path },
      { name: "session", weight: 1, getFn: (folder) => folder.session?.name ?? "" },
    ],
    threshold: THRESHOLD,
    ignoreLocation: true,
  });
  return fuse.search(text).map((result) => result.item);
}
