// A throwaway HOME (with XDG folders and a project folder) for one agent run, the minimal
// environment the agent sees, and cleanup that ends every process still using that HOME:
// agents leave daemons and helpers behind, and we kill only what we started.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Scratch {
  home: string;
  /** The folder the agent is started in (a project the agent is asked to work on). */
  project: string;
  env: Record<string, string>;
}

export function makeScratch(agent: string, extraEnv: Record<string, string> = {}): Scratch {
  const home = mkdtempSync(join(tmpdir(), `taw-rec-${agent}-`));
  const xdg = {
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local/share"),
    XDG_STATE_HOME: join(home, ".local/state"),
    XDG_CACHE_HOME: join(home, ".cache"),
  };
  for (const dir of Object.values(xdg)) mkdirSync(dir, { recursive: true });
  const project = join(home, "project");
  mkdirSync(project);
  const env = {
    HOME: home,
    ...xdg,
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: "C.UTF-8",
    USER: process.env.USER ?? "tester",
    SHELL: "/bin/bash",
    ...extraEnv,
  };
  return { home, project, env };
}

/** Pids of processes whose environment has this HOME: everything an agent run started. */
export function processesUsing(home: string): number[] {
  const needle = `HOME=${home}\0`;
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (`${readFileSync(`/proc/${pid}/environ`, "latin1")}\0`.includes(needle)) pids.push(pid);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return pids;
}

const TERM_GRACE_MS = 500;

/** End what the run left (TERM, then KILL), and remove the scratch folder. */
export async function disposeScratch(scratch: Scratch, keep = false): Promise<void> {
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    const pids = processesUsing(scratch.home);
    if (pids.length === 0) break;
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // Already gone.
      }
    }
    await Bun.sleep(TERM_GRACE_MS);
  }
  if (!keep) rmSync(scratch.home, { recursive: true, force: true });
}
