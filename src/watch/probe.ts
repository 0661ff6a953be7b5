// At rest the engine asks tmux a smaller question than the full listing: which windows
// printed when, which panes each holds, and the few pane options other processes write
// (reports, `agent start`). The full listing, every field of every pane with its tabs
// folded, costs the tmux server several times more. It is taken when the answer moved,
// when a window printed since the last full read, while any watcher is busy, and every
// FULL_READ_EVERY_MS regardless (what the probe cannot see: a process that starts or ends
// without printing, an option a verb wrote outside the probe's few).

import { AGENT_OPTIONS as O } from "../tmux/formats.ts";

/** The longest a quiet server goes between two full listings. */
export const FULL_READ_EVERY_MS = 2500;

const PANE_PART = `#{pane_id}/#{${O.state}}/#{${O.reportSeq}}/#{${O.kindHint}}/#{${O.turn}}/#{${O.pid}}`;
/** `@1=1764000000:%1/…,%2/…, @2=…`: every window with its last output second and its panes. */
export const PROBE_FORMAT = `#{S:#{W:#{window_id}=#{window_activity}:#{P:${PANE_PART},} }}`;

export const PROBE_COMMAND: string[] = ["display-message", "-p", PROBE_FORMAT];

/** The newest output second of any window in a probe's answer (0 when none parsed). */
export function latestActivity(probe: string): number {
  let latest = 0;
  for (const match of probe.matchAll(/=(\d+):/g)) latest = Math.max(latest, Number(match[1]));
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

  /** `answer`: the probe and the clients as tmux gave them now. True when it differs from the
   * answer taken with the last full read, or a window printed in or after that read's second
   * (window_activity counts whole seconds: output later in the same second looks unchanged). */
  moved(answer: string, probe: string): boolean {
    if (answer !== this.lastAnswer) return true;
    return latestActivity(probe) >= Math.floor(this.lastFullAt / 1000);
  }

  /** A full listing was taken at `now`, with this answer alongside it in the same batch. */
  sawFull(answer: string, now: number): void {
    this.lastAnswer = answer;
    this.lastFullAt = now;
  }
}
