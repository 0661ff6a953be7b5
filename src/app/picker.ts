// The kind picker's list: the manifests' kinds, narrowed fuzzily by what was typed.

import Fuse from "fuse.js";
import type { KindChoice } from "./store.ts";

const THRESHOLD = 0.4;

export function pickerChoices(kinds: readonly KindChoice[], query: string): KindChoice[] {
  const text = query.trim();
  if (text === "") return [...kinds];
  const fuse = new Fuse(kinds, { keys: ["id", "name"], threshold: THRESHOLD, ignoreLocation: true });
  return fuse.search(text).map((result) => result.item);
}
