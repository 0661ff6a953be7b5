// Which agent is in front of each pane, and the foreground processes it was found in. A pane
// is identified again only when what tmux says is in front or its foreground processes change,
// and the process table is read at most once a tick, only when some pane needs it.

import { parseContainer } from "../detect/container.ts";
import { identify } from "../detect/identity.ts";
import type { ManifestSet } from "../detect/manifest.ts";
import type { ProcessInfo } from "../detect/types.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { IDENTITY_RECHECK_MS } from "./cadence.ts";
import { type ProcessTable, ProcessTableCache } from "./proctable.ts";
import { isShell } from "./shells.ts";

/** What identity found in front of a pane. */
export interface Found {
  kind: string | undefined;
  /** A process names the agent, not the kind hint alone. */
  named?: boolean;
  /** The container runtime the agent was named through. */
  container?: string;
}

export class Identities {
  /** The identity each pane was last found with, what tmux said was in front then, and the
   * foreground processes it was found in. */
  private readonly known = new Map<string, { key: string; members: ProcessInfo[] } & Found>();
  private readonly processes = new ProcessTableCache();
  private lastRecheckAt = 0;
  /** This tick's: whether every pane is looked at again, its panes, and its table once read. */
  private due = false;
  private snapshot: Snapshot | undefined;
  private table: ProcessTable | undefined;

  constructor(private manifests: ManifestSet) {}

  /** Manifests reloaded: every pane is identified again with them. */
  setManifests(manifests: ManifestSet): void {
    this.manifests = manifests;
    this.known.clear();
  }

  forget(paneId: string): void {
    this.known.delete(paneId);
  }

  /** A tick begins: every pane is looked at again with a full read, at most once a recheck. */
  startTick(snapshot: Snapshot, full: boolean, now: number): void {
    this.due = full && now - this.lastRecheckAt >= IDENTITY_RECHECK_MS;
    if (this.due) this.lastRecheckAt = now;
    this.snapshot = snapshot;
    this.table = undefined;
  }

  /** What is in front of a pane this tick; undefined when it is neither tracked (`tracked`:
   * an agent is or was there) nor due a look. `printed`: its window printed since its last read. */
  look(pane: Pane, tracked: boolean, printed: boolean): Found | undefined {
    const key = `${pane.pid} ${pane.command} ${pane.agent.kindHint}`;
    const cached = this.known.get(pane.id);
    // An agent no process names (a report or a hint) ends when the pane's own shell is back
    // at its prompt, which tmux may name as it named the wrapper before: looked at again
    // whenever its window printed.
    const unnamedPrinted = tracked && !cached?.named && printed;
    if (this.due || cached?.key !== key || unnamedPrinted) {
      this.table ??= this.processes.read(panePids(this.snapshot));
      const members = this.table.foregroundOf(pane.pid);
      if (cached?.key !== key || !sameProcesses(cached.members, members)) {
        const found = this.identityOf(pane, members);
        this.known.set(pane.id, { key, members, ...found });
        return found;
      }
    } else if (!tracked) return undefined;
    return cached ?? { kind: undefined };
  }

  /** The pane's own shell at its prompt: it leads the terminal's foreground group, alone. Not
   * known (no processes read) is not idle. */
  shellIdle(pane: Pane): boolean {
    const foreground = this.known.get(pane.id)?.members ?? [];
    return foreground.length === 1 && foreground[0]?.pid === pane.pid && isShell(foreground[0].name);
  }

  /** The container runtime the pane's agent was last named through. */
  container(paneId: string): string | undefined {
    return this.known.get(paneId)?.container;
  }

  /** The agent in front of a pane. A kind hint alone does not name one over a shell at its prompt. */
  private identityOf(pane: Pane, foreground: ProcessInfo[]): Found {
    const identity = identify(foreground, this.manifests, pane.agent.kindHint || undefined);
    if (!identity || (identity.via === "hint" && isShell(pane.command))) return { kind: undefined };
    // A sandboxed agent runs in a container: before its runtime is in front (taw's launcher
    // still starting), the hint names nothing, or the agent would be seen outside its sandbox.
    if (identity.via === "hint" && pane.agent.sandbox && !foreground.some(runsContainer))
      return { kind: undefined };
    return { kind: identity.kind, container: identity.container, named: identity.via !== "hint" };
  }
}

const runsContainer = (process: ProcessInfo) => parseContainer(process.argv) !== undefined;

const sameProcesses = (a: ProcessInfo[], b: ProcessInfo[]) =>
  a.length === b.length && a.every((process, index) => process === b[index]);

function* panePids(snapshot: Snapshot | undefined): Iterable<number> {
  for (const pane of snapshot?.panes.values() ?? []) yield pane.pid;
}
