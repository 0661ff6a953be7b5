// A reporter that dies without a word gives its pane back. Each socket report records who
// made it: the calling process and, for a short hook, the first program above it that is
// not a shell (the agent the hook runs under). When the last report of a pane's source is
// more than 2 s old and none of those processes is alive, the claim is released, as
// `pane.release_agent` would (only while that source still owns the pane).

import { readFileSync } from "node:fs";
import { parseStat } from "../watch/proctable.ts";
import { isShell } from "../watch/shells.ts";

export const CLAIM_GRACE_MS = 2000;
const SWEEP_MS = 500;

export interface Claim {
  /** tmux's pane id. */
  paneId: string;
  source: string;
  agent: string;
  /** The processes whose life keeps the claim. */
  pids: number[];
  /** When the last report came, ms. */
  at: number;
}

/** A process that has not exited: on Linux its /proc entry exists and is no zombie (a killed
 * process whose parent never reaps it stays a zombie); elsewhere, signal 0 reaches it. */
export function isAlive(pid: number): boolean {
  if (process.platform === "linux") {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat[stat.lastIndexOf(")") + 2] !== "Z";
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function nameOf(pid: number): string {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, "utf8"))?.name ?? "";
  } catch {
    return "";
  }
}

/** The reporter (chain[0]) and the first non-shell process above it, up to the pane's own process. */
export function reportersOf(
  chain: number[],
  panePid: number,
  name: (pid: number) => string = nameOf,
): number[] {
  const top = chain.indexOf(panePid);
  const above = chain.slice(1, top < 0 ? chain.length : top + 1);
  const program = above.find((pid) => !isShell(name(pid)));
  return program === undefined ? chain.slice(0, 1) : [chain[0] as number, program];
}

export class Claims {
  private readonly claims = new Map<string, Claim>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly release: (claim: Claim) => Promise<unknown>,
    private readonly alive: (pid: number) => boolean = isAlive,
  ) {}

  record(claim: Claim): void {
    this.claims.set(`${claim.paneId}\u0000${claim.source}`, claim);
    this.timer ??= setInterval(() => void this.sweep(Date.now()), SWEEP_MS);
  }

  forget(paneId: string, source: string): void {
    this.claims.delete(`${paneId}\u0000${source}`);
  }

  /** Release every claim whose reporters are all gone and whose last report is past the grace. */
  async sweep(now: number): Promise<void> {
    for (const [key, claim] of this.claims) {
      if (now - claim.at <= CLAIM_GRACE_MS || claim.pids.some(this.alive)) continue;
      this.claims.delete(key);
      await this.release(claim).catch(() => undefined);
    }
    if (this.claims.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
