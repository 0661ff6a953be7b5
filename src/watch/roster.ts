// The roster: which panes a tmux server had, kept so that a pane that ended while no engine
// ran still gets its pane.closed when an engine comes back. Two sources: the plugin's
// `pane-exited` hook appends the id of each pane whose program ended to a global option
// (tmux knows nothing else of the pane by then), and the engine keeps a file of the panes it
// last saw, with their public ids and agents (what a pane.closed carries). A pane closed by
// kill-pane fires no hook; the file still names it.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../fs.ts";
import { stateDir } from "../paths.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { writeFailure } from "../write-error.ts";
import type { EngineEvent } from "./events.ts";

/** Appended to by the pane-exited hook: ` %12 %31`. */
export const EXITED_OPTION = "@agent_wizard_exited";
/** The hook's command (tmux expands #{hook_pane} when it runs). */
export const EXITED_HOOK_COMMAND = `set-option -gaF ${EXITED_OPTION} ' #{hook_pane}'`;

export interface RosterEntry {
  /** Public id (w3:p31). */
  pane: string;
  agent: string | null;
}

export type Roster = Record<string, RosterEntry>;

export const rosterFile = (socket: string, env: Record<string, string | undefined> = process.env) =>
  join(stateDir(env), "roster", `${socket.replace(/^\/+/, "").replace(/[^A-Za-z0-9._-]/g, "_")}.json`);

/** The pane ids the hook recorded. */
export const parseExited = (value: string) => value.split(/\s+/).filter((id) => /^%\d+$/.test(id));

export function rosterOf(snapshot: Snapshot): Roster {
  const roster: Roster = {};
  for (const pane of snapshot.panes.values())
    roster[pane.id] = { pane: pane.publicId, agent: pane.agent.kind || null };
  return roster;
}

export function readRoster(path: string): Roster {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Roster) : {};
  } catch {
    return {};
  }
}

/** Writes the roster; what went wrong (with its errno code) when it could not. */
export function saveRoster(path: string, roster: Roster): string | undefined {
  try {
    writeFileAtomic(path, JSON.stringify(roster));
    return undefined;
  } catch (error) {
    return `cannot write the roster: ${writeFailure(error, dirname(path)) ?? (error as Error).message}`;
  }
}

/** pane.closed for each pane the roster or the hook names that the server no longer has. */
export function closedSince(roster: Roster, exited: string[], now: Snapshot, at: number): EngineEvent[] {
  const gone = new Set([...Object.keys(roster), ...exited].filter((id) => !now.panes.has(id)));
  return [...gone].map((id) => ({
    kind: "pane.closed",
    pane: roster[id]?.pane ?? id,
    tmux_id: id,
    agent: roster[id]?.agent ?? null,
    from: null,
    to: null,
    rule: "roster",
    at,
  }));
}
