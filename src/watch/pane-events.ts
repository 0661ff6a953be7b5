// The events a tick finds beside the watchers' transitions: panes that came and went since the
// last tick, and sandboxes whose process ended (their marks go with them).

import { SANDBOX_PID_OPTION } from "../sandbox/mark.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import type { EngineEvent, SandboxRecord } from "./events.ts";
import type { Identities } from "./identities.ts";
import type { Logger } from "./log.ts";
import { paneWrite } from "./writes.ts";

/** pane.created / pane.closed between two ticks, and the ids of the panes that closed. A pane
 * that closed with a sandbox still in it (a profile's mark, a container's runtime in front)
 * took the sandbox with it: that end is said first (`pane.sandbox_ended`, the hooks'
 * sandbox.stopped), as the last read found it. */
export function paneSetChanges(
  before: Snapshot,
  next: Snapshot,
  now: number,
): { events: EngineEvent[]; closed: string[] } {
  const events: EngineEvent[] = [];
  const event = (kind: EngineEvent["kind"], pane: Pane): EngineEvent => ({
    kind,
    pane: pane.publicId,
    tmux_id: pane.id,
    agent: pane.agent.kind || null,
    from: null,
    to: null,
    rule: null,
    at: now,
  });
  for (const [id, pane] of next.panes) if (!before.panes.has(id)) events.push(event("pane.created", pane));
  const closed: string[] = [];
  for (const [id, pane] of before.panes) {
    if (next.panes.has(id)) continue;
    closed.push(id);
    const { sandbox, container } = pane.agent;
    if (sandbox || container)
      events.push({
        ...event("pane.sandbox_ended", pane),
        rule: "pane_closed",
        sandbox: { profile: sandbox, runtime: container || null },
      });
    events.push(event("pane.closed", pane));
  }
  return { events, closed };
}

/** A sandbox profile's process has ended (the pane's own shell is back, alone, no agent
 * recorded): its marks go, so the pane no longer reads as sandboxed, and the end is an event
 * of its own (`pane.sandbox_ended`, naming the profile). Answers the commands that clear the
 * marks; the events are pushed onto `events`. */
export function sandboxEnds(
  snapshot: Snapshot,
  identities: Identities,
  events: EngineEvent[],
  now: number,
  log: Logger,
): string[][] {
  const commands: string[][] = [];
  for (const pane of snapshot.panes.values()) {
    const { sandbox, kind, state, reportStamp, acquiring } = pane.agent;
    // While `taw agent start` launches (acquiring), its shell is idle before the line is typed.
    if (!sandbox || kind || acquiring || !identities.shellIdle(pane)) continue;
    commands.push(paneWrite(pane.id, { sandbox: "" }, { state, reportStamp }), [
      "set-option",
      "-pqu",
      "-t",
      pane.id,
      SANDBOX_PID_OPTION,
    ]);
    pane.agent.sandbox = "";
    events.push({
      kind: "pane.sandbox_ended",
      pane: pane.publicId,
      tmux_id: pane.id,
      agent: null,
      from: null,
      to: null,
      rule: "sandbox_exited",
      at: now,
      sandbox: { profile: sandbox, runtime: null },
    });
    log.info(`sandbox ${sandbox} ended in ${pane.publicId}`);
  }
  return commands;
}

/** A sandboxed pane's events say which sandbox (as `agent list` does). */
export const sandboxOf = (pane: Pane): { sandbox?: SandboxRecord } =>
  pane.agent.sandbox
    ? { sandbox: { profile: pane.agent.sandbox, runtime: pane.agent.container || null } }
    : {};
