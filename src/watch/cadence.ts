// The engine's pace, together where a reader finds it: how soon each tick follows the last,
// and the back-off after tmux failures. (The full listing's own pace is probe.ts's
// FULL_READ_EVERY_MS.)

/** Tick while an agent is present and output goes on (the last two ticks read something). */
export const AGENT_TICK_MS = 300;
/** The same over a control connection, whose read costs no tmux process. */
export const CONTROL_AGENT_TICK_MS = 200;
/** Tick while an agent is present and all was quiet: it looks at the server's read counters
 * (server-reads.ts) and asks tmux nothing unless they moved, so it can be this short, and the
 * first output after a quiet spell is seen this soon. */
export const QUIET_TICK_MS = 150;
/** Tick while an idle verdict is on hold. */
export const HOLD_TICK_MS = 100;
/** Tick with no agent anywhere; also the least time between two identity rechecks of every
 * pane (on full listings; a pane whose command changed is looked at when it does). */
export const IDENTITY_RECHECK_MS = 1000;
/** Back-off after transient tmux failures: 1, 2, 4 … seconds, never more than this. */
export const MAX_BACKOFF_MS = 30_000;
const FIRST_BACKOFF_MS = 1000;

/** The wait after `failures` failed ticks in a row. */
export const backoff = (failures: number) => Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - 1));

/** Where ticks are scheduled; tests give a stand-in to see the delays. */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
