// Whether a process still runs, from its pid: the one answer every part of taw asks.

import { readFileSync } from "node:fs";

export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A process killed under a parent that never reaps it (a container's init that does not)
  // is a zombie: it answers kill 0 and runs nothing. Where there is no /proc it is taken as alive.
  try {
    return procState(readFileSync(`/proc/${pid}/stat`, "latin1")) !== "Z";
  } catch {
    return true;
  }
}

/** The state letter of a /proc/<pid>/stat line: after the name, which may hold ")". */
export const procState = (stat: string) => stat.charAt(stat.lastIndexOf(")") + 2);
