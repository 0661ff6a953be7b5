// Which worktree a user means: its branch, its folder (absolute or relative to where they
// stand), its folder's name, or its session's name.

import { basename, resolve } from "node:path";
import { notFound } from "../errors.ts";
import type { WorktreeRecord } from "./record.ts";

export function findWorktree(records: WorktreeRecord[], spec: string, cwd = process.cwd()): WorktreeRecord {
  const absolute = resolve(cwd, spec);
  const found =
    records.find((r) => r.branch === spec) ??
    records.find((r) => r.path === absolute) ??
    records.find((r) => !r.main && basename(r.path) === spec) ??
    records.find((r) => r.session?.name === spec);
  if (!found) {
    const known = records.filter((r) => !r.main).map((r) => r.branch ?? r.path);
    throw notFound(
      "worktree_not_found",
      `no worktree '${spec}' in ${records[0]?.repo ?? "this repository"}. ` +
        (known.length
          ? `Its worktrees: ${known.join(", ")}.`
          : "It has no worktrees besides its own; make one with 'taw worktree create --branch B'."),
    );
  }
  return found;
}
