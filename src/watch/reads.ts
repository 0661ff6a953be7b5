// One tick's read, in ONE tmux invocation: the pane listing, the attached clients (who
// looks at what, and whether their terminal has focus), the engine claim and the rail as
// tmux holds them, and the screens of the agent panes that printed since their last
// capture. The "printed since" test runs inside tmux (if-shell -F on #{window_activity}),
// so a quiet pane costs a format evaluation, not a capture.

import type { Tmux } from "../tmux/client.ts";
import { isControlClient } from "../tmux/control-session.ts";
import { target } from "../tmux/escape.ts";
import { AGENT_VIEW_OPTION, LIST_PANES } from "../tmux/formats.ts";
import { buildSnapshot, type Snapshot } from "../tmux/snapshot.ts";
import { PROBE_COMMAND, type Probe, parseProbe } from "./probe.ts";
import { RAIL_OPTION } from "./rail.ts";

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
  snapshot: Snapshot;
  clients: Client[];
  claim: string;
  rail: string;
  /** Screens captured this tick, by pane id; a pane missing here printed nothing new (or went). */
  screens: Map<string, string>;
  /** The rest probe's answer taken in the same batch (probe.ts). */
  probe: Probe;
}

const CLIENT_FORMAT = "#{client_name}\t#{session_id}\t#{client_flags}";
const FIXED = 5;

export function readCommands(captures: CaptureRequest[]): string[][] {
  const commands: string[][] = [
    PROBE_COMMAND,
    ["list-clients", "-F", CLIENT_FORMAT],
    LIST_PANES,
    ["show-options", "-gqv", RAIL_OPTION],
    ["show-options", "-gqv", AGENT_VIEW_OPTION],
  ];
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

export async function takeRead(
  tmux: Tmux,
  captures: CaptureRequest[],
  focusTracked: boolean,
  now = Date.now(),
): Promise<Read> {
  const results = await tmux.batch(readCommands(captures));
  const screens = new Map<string, string>();
  captures.forEach((request, index) => {
    const result = results[FIXED + index];
    if (result?.ok && result.output !== "") screens.set(request.paneId, result.output);
  });
  const probe = parseProbe(results[0]?.output ?? "");
  return {
    snapshot: buildSnapshot(results[2]?.output ?? "", now, results[4]?.output.trim() ?? ""),
    clients: parseClients(results[1]?.output ?? "", focusTracked),
    claim: probe.claim,
    rail: results[3]?.output ?? "",
    screens,
    probe,
  };
}

/** The probe alone: a tick on a quiet server asks only this. */
export async function takeProbe(tmux: Tmux): Promise<Probe> {
  const [result] = await tmux.batch([PROBE_COMMAND]);
  return parseProbe(result?.output ?? "");
}

/** Sessions someone is looking at: an attached client whose terminal has not lost focus. */
export function watchedSessions(clients: Client[]): Set<string> {
  return new Set(clients.filter((client) => !client.unfocused).map((client) => client.sessionId));
}
