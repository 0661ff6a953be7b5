// At rest the engine asks tmux one small question instead of the full listing: the claim,
// the report nudge, and per session and window who is attached, when it last printed and
// how many panes it has. It is one format, per window rather than per pane, and one tmux
// command: the tmux server spends most of a cheap command on the command itself, and the
// full listing, every field of every pane with its tabs folded, costs several times more.
// The full listing is taken when the answer moved, when a window printed since the last
// full read, while any watcher is busy, and every FULL_READ_EVERY_MS regardless (what the
// probe cannot see: a process that starts or ends without printing, an option a verb wrote
// without the nudge, a client's terminal focus, a pane swapped for another).

import { ENGINE_OPTION } from "./claim.ts";

/** The longest a quiet server goes between two full listings. */
export const FULL_READ_EVERY_MS = 2500;

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
  "#{S:#{session_id}.#{session_attached}:#{W:#{window_id}=#{window_activity}/#{window_panes} } }";
/** `<claim>\t<nudge>\t$1.1:@1=1764000000/2 @2=…  $2.0:…`. */
export const PROBE_FORMAT = `#{${ENGINE_OPTION}}\t#{${NUDGE_OPTION}}\t${WINDOWS}`;

export const PROBE_COMMAND: string[] = ["display-message", "-p", PROBE_FORMAT];

export interface Probe {
  claim: string;
  /** The whole answer: what the gate compares. */
  answer: string;
}

export function parseProbe(output: string): Probe {
  return { claim: output.split("\t")[0]?.trim() ?? "", answer: output };
}

/** The newest output second of any window in a probe's answer (0 when none parsed). */
export function latestActivity(answer: string): number {
  let latest = 0;
  for (const match of answer.matchAll(/=(\d+)\//g)) latest = Math.max(latest, Number(match[1]));
  return latest;
}

/** Decides, tick by tick, whether the full listing is needed or the probe's answer suffices. */
export class RestGate {
  private lastAnswer: string | undefined;
  private lastFullAt = 0;

  constructor(private readonly fullEveryMs = FULL_READ_EVERY_MS) {}

  /** The full listing is due whatever the probe says: first read, busy watchers, or time. */
  fullDue(now: number, busy: boolean): boolean {
    return busy || this.lastAnswer === undefined || now - this.lastFullAt >= this.fullEveryMs;
  }

  /** True when the answer differs from the one taken with the last full read, or a window
   * printed in or after that read's second (window_activity counts whole seconds: output
   * later in the same second looks unchanged). */
  moved(answer: string): boolean {
    if (answer !== this.lastAnswer) return true;
    return latestActivity(answer) >= Math.floor(this.lastFullAt / 1000);
  }

  /** A full listing was taken at `now`, with this answer alongside it in the same batch. */
  sawFull(answer: string, now: number): void {
    this.lastAnswer = answer;
    this.lastFullAt = now;
  }
}
