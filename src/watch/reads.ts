// One tick's read, in ONE tmux invocation: the probe (probe.ts), the pane listing, the
// attached clients (who looks at what, and whether their terminal has focus), the rail as
// tmux holds them, and the screens of the agent panes that printed since their last
// capture. The "printed since" test runs inside tmux (if-shell -F on #{window_activity}),
// so a quiet pane costs a format evaluation, not a capture. A read of some windows lists
// only their panes (and captures only theirs): the clients and the rail are as last read.

import type { BatchResult } from "../tmux/batch.ts";
import type { Tmux } from "../tmux/client.ts";
import { isControlClient } from "../tmux/control-session.ts";
import { target } from "../tmux/escape.ts";
import { AGENT_VIEW_OPTION, LIST_PANES, PANE_FORMAT } from "../tmux/formats.ts";
import { buildSnapshot, livePaneCount, type Snapshot } from "../tmux/snapshot.ts";
import { PROBE_COMMANDS, type Probe, parseProbe, type ReadScope } from "./probe.ts";
import { RAIL_OPTION, REMOTE_STATES_OPTION, remoteStates } from "./rail.ts";

export interface Client {
  name: string;
  sessionId: string;
  /** The terminal reported losing focus (tmux 3.3+ with focus-events; otherwise never). */
  unfocused: boolean;
}

export interface CaptureRequest {
  paneId: string;
  /** Unix seconds: capture only when the window printed in or after this second (0 = always). */
  sinceSecond: number;
}

export interface Read {
  scope: ReadScope;
  /** Every pane (scope "all"), or the panes of the scope's windows only. */
  snapshot: Snapshot;
  /** Every window of the scope was there to list (one may close between probe and read). */
  complete: boolean;
  /** Read with every pane only: who is attached, and the rail as tmux holds it. */
  clients?: Client[];
  rail?: string;
  /** Read with every pane only: the followed hosts' agents' states (REMOTE_STATES_OPTION). */
  remote?: string[];
  claim: string;
  /** Screens captured this tick, by pane id; a pane missing here printed nothing new (or went). */
  screens: Map<string, string>;
  /** The probe's answer, taken in the same batch (probe.ts). */
  probe: Probe;
}

function listingCommands(scope: ReadScope): string[][] {
  if (scope === "all")
    return [
      LIST_PANES,
      ["show-options", "-gqv", RAIL_OPTION],
      ["show-options", "-gqv", AGENT_VIEW_OPTION],
      ["show-options", "-gqv", REMOTE_STATES_OPTION],
    ];
  const windows = [...scope];
  if (windows.length === 0) return [];
  // One command for them all, not one each: a batch's command line holds only ~8 pane formats,
  // and tmux spends as much on a command as on listing a few panes. Over every session, as a
  // full listing is: a window linked into two sessions has its panes in each.
  return [["list-panes", "-a", "-f", `#{m:*|#{window_id}|*,|${windows.join("|")}|}`, "-F", PANE_FORMAT]];
}

export function readCommands(scope: ReadScope, captures: CaptureRequest[]): string[][] {
  const commands = [...PROBE_COMMANDS, ...listingCommands(scope)];
  for (const { paneId, sinceSecond } of captures) {
    const pane = target(paneId);
    commands.push([
      "if-shell",
      "-F",
      "-t",
      pane,
      `#{e|>=:#{window_activity},${sinceSecond}}`,
      `capture-pane -p -t '${paneId}'`,
    ]);
  }
  return commands;
}

/**
 * `focusTracked`: the server lists `focused` among a client's flags while its terminal has
 * focus (tmux 3.3+, where a client starts focused and loses the flag only when its terminal
 * reports focus out). On older servers nobody's focus is known and the window alone decides.
 */
export function parseClients(output: string, focusTracked: boolean): Client[] {
  const clients: Client[] = [];
  for (const line of output.split("\n")) {
    if (!line.includes("\t")) continue;
    const [name = "", sessionId = "", flags = ""] = line.split("\t");
    // A control-mode client (the engine's own connection) is nobody looking.
    if (isControlClient(flags)) continue;
    clients.push({ name, sessionId, unfocused: focusTracked && !flags.split(",").includes("focused") });
  }
  return clients;
}

export function takeRead(
  tmux: Tmux,
  scope: ReadScope,
  captures: CaptureRequest[],
  focusTracked: boolean,
  now = Date.now(),
): Promise<Read> {
  return tmux.listing(
    async () =>
      parseRead(await tmux.batch(readCommands(scope, captures)), scope, captures, focusTracked, now),
    (read) => livePaneCount(read.snapshot),
  );
}

function parseRead(
  results: BatchResult[],
  scope: ReadScope,
  captures: CaptureRequest[],
  focusTracked: boolean,
  now: number,
): Read {
  const [windows, clients, names] = results.map((result) => result.output);
  const probe = parseProbe(windows ?? "", clients ?? "", names ?? "");
  const first = PROBE_COMMANDS.length;
  const listed = results.slice(first, first + listingCommands(scope).length);
  const screens = new Map<string, string>();
  captures.forEach((request, index) => {
    const result = results[first + listed.length + index];
    if (result?.ok && result.output !== "") screens.set(request.paneId, result.output);
  });
  const read = { scope, claim: probe.claim, screens, probe };
  if (scope !== "all") {
    const listing = listed.map((result) => result.output).join("\n");
    const snapshot = buildSnapshot(listing, now);
    return { ...read, snapshot, complete: listed.every((result) => result.ok) };
  }
  const [panes, rail, view, remote] = listed;
  const snapshot = buildSnapshot(panes?.output ?? "", now, view?.output.trim() ?? "");
  return {
    ...read,
    snapshot,
    complete: true,
    clients: parseClients(probe.clients, focusTracked),
    rail: rail?.output ?? "",
    remote: remoteStates(remote?.output.trim()),
  };
}

/** Sessions someone is looking at: an attached client whose terminal has not lost focus. */
export function watchedSessions(clients: Client[]): Set<string> {
  return new Set(clients.filter((client) => !client.unfocused).map((client) => client.sessionId));
}
