// What is in front of one pane's terminal: the shell itself, or another job (its processes,
// leader first). Asked over and over while a verb waits on one pane, so the common answer
// (the shell is in front) costs one /proc read; the whole table is read only for a job.

import { readFileSync } from "node:fs";
import type { ProcessInfo } from "../detect/types.ts";
import { parseStat, readProcessTable } from "../watch/proctable.ts";

export type Foreground =
  | { kind: "shell" }
  | { kind: "job"; processes: ProcessInfo[] }
  /** The pane's process has no terminal yet: tmux has forked it, and it has not yet made the
   * pane's terminal its own (a loaded machine stretches that moment past a first look). */
  | { kind: "starting" }
  /** The pane's process has gone (the pane is closing). */
  | { kind: "gone" };

/** tpgid of the pane's process (-1: it has no controlling terminal); undefined off Linux. */
function shellTpgid(panePid: number): number | "gone" | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    return parseStat(readFileSync(`/proc/${panePid}/stat`, "latin1"))?.tpgid ?? "gone";
  } catch {
    return "gone";
  }
}

export function foregroundOf(panePid: number): Foreground {
  const tpgid = shellTpgid(panePid);
  if (tpgid === panePid) return { kind: "shell" };
  if (tpgid === "gone") return { kind: "gone" };
  if (tpgid === -1) return { kind: "starting" };
  const table = readProcessTable();
  const shell = table.byPid.get(panePid);
  if (!shell) return { kind: "gone" };
  if (shell.tpgid === panePid) return { kind: "shell" };
  const processes = table.foregroundOf(panePid);
  // Between a fork and the job taking the terminal, the group can be empty for a moment.
  return processes.length ? { kind: "job", processes } : { kind: "shell" };
}
