// The pane a caller speaks from: the first of its ancestors (itself included) that is a
// pane's process, walking /proc/<pid>/stat's parent links. A process outside every pane has
// none.

import { readFileSync } from "node:fs";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { parseStat } from "../watch/proctable.ts";

/** An agent's hook sits a few processes below the pane's shell; past this, give up. */
const MAX_DEPTH = 32;

function parentOf(pid: number, procDir: string): number | undefined {
  try {
    return parseStat(readFileSync(`${procDir}/${pid}/stat`, "utf8"))?.ppid;
  } catch {
    return undefined;
  }
}

/** `pid` and its ancestors, nearest first, up to (not including) init. */
export function ancestors(pid: number, procDir = "/proc"): number[] {
  const chain: number[] = [];
  for (let current: number | undefined = pid; current && current > 1 && chain.length < MAX_DEPTH; ) {
    chain.push(current);
    current = parentOf(current, procDir);
  }
  return chain;
}

/** The pane whose process is `chain`'s nearest member, if any. */
export function paneOfChain(chain: number[], snapshot: Snapshot): Pane | undefined {
  const byPid = new Map([...snapshot.panes.values()].map((pane) => [pane.pid, pane]));
  for (const pid of chain) {
    const pane = byPid.get(pid);
    if (pane) return pane;
  }
  return undefined;
}
