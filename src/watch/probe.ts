// At rest the engine asks tmux one small question instead of the full listing: the claim,
// the report nudge, and per session and window who is attached, which window is current,
// when it last printed and how many panes it has. It is one format, per window rather than
// per pane, and one tmux command: the tmux server spends most of a cheap command on the
// command itself, and the full listing, every field of every pane with its tabs folded,
// costs several times more (14 ms of the server's CPU at 200 panes, the probe 0.3 ms).
// From two answers the gate (ReadGate) decides what to read: nothing when only time passed,
// the panes of the windows that printed when only output moved, and every pane when anything
// else did (the claim, a report, a window or pane made or closed, an attach, a window
// switch, a terminal's focus, a rename), as well as every FULL_READ_EVERY_MS regardless
// (what the probe cannot see: a process that starts or ends without printing, an option a
// verb wrote without the nudge, a pane swapped for another). A resting engine asks even the
// probe only when the server has read something since (server-reads.ts): a key, a focus
// change, a pane's output, a job's end. What it does not read is a command from another
// program over its socket (a script's select-window or rename): taw's own verbs that change
// what the engine watches move the nudge beside it, and the rest waits for the full listing.

import { shellQuote } from "../tmux/escape.ts";
import { ENGINE_OPTION } from "./claim.ts";

/** The longest a quiet server goes between two full listings: how late a change no counter
 * and no nudge shows is seen (at rest, one listing costs 11–17 ms of the engine's CPU and
 * 14 ms of the server's at 200 panes). */
export const FULL_READ_EVERY_MS = 10_000;

/** Moved by every agent report (report.ts): a hook's state reaches the engine at once. */
export const NUDGE_OPTION = "@agent_wizard_nudge";

/** Moved by the engine whenever a tick writes an option or the panes changed: a dashboard
 * reading another process's engine lists the panes again only when it moved. */
export const GENERATION_OPTION = "@agent_wizard_gen";

/** What a reading dashboard asks each tick: the claim, the nudge, the engine's generation,
 * and per window its pane count (a window or pane made or closed). */
export const READER_PROBE: string[] = [
  "display-message",
  "-p",
  `#{${ENGINE_OPTION}}\t#{${NUDGE_OPTION}}\t#{${GENERATION_OPTION}}\t#{S:#{session_id}:#{W:#{window_id}/#{window_panes} }}`,
];

const WINDOWS =
  "#{S:#{session_id}.#{session_attached}:#{W:#{window_id}=#{window_activity}/#{window_panes}#{?window_active,*,} } }";
/** `<claim>\t<nudge>\t$1.1:@1=1764000000/2* @2=…  $2.0:…`. */
export const PROBE_FORMAT = `#{${ENGINE_OPTION}}\t#{${NUDGE_OPTION}}\t${WINDOWS}`;

/** Each attached client, its session and its flags (whether its terminal has focus). */
export const CLIENT_FORMAT = "#{client_name}\t#{session_id}\t#{client_flags}";

/** Session and window names: a rename moves the probe too. Apart from the windows' answer,
 * so a name can never be read as a window's output second. */
const NAMES_FORMAT = "#{S:#{session_name}:#{W:#{window_name}/} }";

/** The probe: the windows' answer, the clients (a terminal's focus is no window's), the names. */
export const PROBE_COMMANDS: string[][] = [
  ["display-message", "-p", PROBE_FORMAT],
  ["list-clients", "-F", CLIENT_FORMAT],
  ["display-message", "-p", NAMES_FORMAT],
];

/** What a writer runs (tmux command text) to have a resting engine look at once: the nudge
 * moved, and an empty job whose end the server reads, as a resting engine watches only what
 * the server reads (server-reads.ts). */
export const nudgeText = (stamp: string) =>
  `set-option -gq ${NUDGE_OPTION} ${shellQuote(stamp)} ; run-shell -b :`;

/** The same as commands for a batch. */
export const nudgeCommands = (stamp: string): string[][] => [
  ["set-option", "-gq", NUDGE_OPTION, stamp],
  ["run-shell", "-b", ":"],
];

const WINDOW_ACTIVITY = /(@\d+)=(\d+)\//g;

export interface Probe {
  claim: string;
  /** The clients as listed (CLIENT_FORMAT). */
  clients: string;
  /** The answer without the windows' output seconds: when it moves, every pane is read. */
  structure: string;
  /** Each window's last output second, by window id. */
  activity: Map<string, number>;
}

/** The probe from its commands' outputs (PROBE_COMMANDS, in order). */
export function parseProbe(windows: string, clients = "", names = ""): Probe {
  const activity = new Map<string, number>();
  for (const [, window, second] of windows.matchAll(WINDOW_ACTIVITY))
    activity.set(window as string, Number(second));
  return {
    claim: windows.split("\t")[0]?.trim() ?? "",
    clients,
    structure: `${windows.replace(WINDOW_ACTIVITY, "$1=/")}\n${clients}\n${names}`,
    activity,
  };
}

/** What a tick reads: every pane, or the panes of these windows (by tmux window id). */
export type ReadScope = "all" | ReadonlySet<string>;

/** Decides, tick by tick, what the probe's answer makes worth reading. */
export class ReadGate {
  private structure: string | undefined;
  private lastFullAt = 0;
  /** Per window, the second of the last read that listed its panes. */
  private readSecond = new Map<string, number>();

  constructor(private readonly fullEveryMs = FULL_READ_EVERY_MS) {}

  /** The full listing is due whatever the probe says: the first read, or time. */
  fullDue(now: number): boolean {
    return this.structure === undefined || now - this.lastFullAt >= this.fullEveryMs;
  }

  /** After a probe: every pane when anything but output moved; otherwise the windows that
   * printed in or after the second they were last read in (window_activity counts whole
   * seconds: output later in the same second looks unchanged), less those already read. */
  scope(probe: Probe, alreadyRead: ReadonlySet<string> = new Set()): ReadScope {
    if (probe.structure !== this.structure) return "all";
    const printed = new Set<string>();
    for (const [window, second] of probe.activity) {
      if (alreadyRead.has(window)) continue;
      const read = this.readSecond.get(window);
      if (read === undefined) return "all";
      if (second >= read) printed.add(window);
    }
    return printed;
  }

  /** Those of `windows` the probe says printed since they were last read. */
  printedAmong(probe: Probe, windows: ReadonlySet<string>): Set<string> {
    const printed = new Set<string>();
    for (const window of windows) {
      const read = this.readSecond.get(window);
      if (read === undefined || (probe.activity.get(window) ?? -1) >= read) printed.add(window);
    }
    return printed;
  }

  /** A read of this scope was taken at `now`, with this probe in the same batch. */
  sawRead(probe: Probe, scope: ReadScope, now: number): void {
    const second = Math.floor(now / 1000);
    if (scope === "all") {
      this.structure = probe.structure;
      this.lastFullAt = now;
      this.readSecond.clear();
      for (const window of probe.activity.keys()) this.readSecond.set(window, second);
      return;
    }
    for (const window of scope) this.readSecond.set(window, second);
  }
}
