// Panes taken out of watching (`taw watch off`, @agent_unwatched): the engine steps
// no watcher for them, forgets what it knew of them, and keeps their record empty (a hook's
// report would otherwise put an agent back), so no state, list or count shows them. `taw
// watch on` takes the mark off, and the next read finds the pane's agent as a new one.

import { AGENT_OPTIONS, type AgentOptionKey } from "../tmux/formats.ts";
import { unsetOption } from "../tmux/options.ts";
import type { Snapshot } from "../tmux/snapshot.ts";

/** The options that make a pane an agent's in lists, counts and the dashboard. A name, a
 * session to resume and a sandbox mark stay: they are the pane's, not a state. */
export const RECORD_KEYS: readonly AgentOptionKey[] = [
  "kind",
  "state",
  "stateSince",
  "rule",
  "source",
  "seen",
  "kindHint",
  "acquiring",
  "turn",
  "reportedKind",
  "display",
  "title",
  "message",
  "pid",
  "finalState",
  "container",
];

/** The mark's value says off: any but none and "0". */
const isUnwatched = (value: string) => value !== "" && value !== "0";

export class Unwatched {
  private panes = new Set<string>();

  has(paneId: string): boolean {
    return this.panes.has(paneId);
  }

  /** The unwatched panes as of this read: answers those newly unwatched (to forget) and the
   * commands that empty their records; the snapshot's panes are emptied at once, so this
   * tick's counts leave them out. */
  update(snapshot: Snapshot): { newly: string[]; clears: string[][] } {
    const now = new Set<string>();
    for (const [paneId, pane] of snapshot.panes) if (isUnwatched(pane.agent.unwatched)) now.add(paneId);
    const newly = [...now].filter((paneId) => !this.panes.has(paneId));
    this.panes = now;
    const clears: string[][] = [];
    for (const paneId of now) {
      const pane = snapshot.panes.get(paneId);
      if (!pane) continue;
      for (const key of RECORD_KEYS) {
        if (pane.agent[key] === "") continue;
        clears.push(unsetOption({ kind: "pane", target: paneId }, AGENT_OPTIONS[key]));
        pane.agent[key] = "";
      }
    }
    return { newly, clears };
  }
}
