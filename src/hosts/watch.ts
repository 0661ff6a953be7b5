// A host's watch (agent.watch): its list read again and sent only when it differs from the
// last one sent, so a host at rest sends nothing. Reads come when the server's engine says
// something changed (engine-nudge.ts), never sooner than `minGapMs` after the last one, and
// otherwise every `pollMs` (the whole watch when no engine's events reach it).

import type { Session } from "./serve.ts";

export interface WatchTiming {
  /** The read after a nudge waits until this long after the last read ended. */
  minGapMs: number;
  /** Without a nudge, the next read this long after the last (asked before each wait). */
  pollMs: () => number;
}

/** Polling alone: at most, and at least, every 500 ms. */
export const POLL_ONLY: WatchTiming = { minGapMs: 500, pollMs: () => 500 };

/**
 * Read `read()` now (the watch's answer), then again as `timing` says, calling `changed` with
 * each result whose JSON differs from the one before; until `signal` aborts. `nudges` is
 * handed the function that asks for a read soon. A read that fails is skipped.
 */
export async function watchChanges<T>(
  read: () => Promise<T>,
  changed: (value: T) => void,
  signal: AbortSignal,
  timing: WatchTiming = POLL_ONLY,
  nudges?: (nudge: () => void) => void,
): Promise<T> {
  const first = await read();
  let last = JSON.stringify(first);
  let nudged = false;
  let wake: (() => void) | undefined;
  nudges?.(() => {
    nudged = true;
    wake?.();
  });
  const loop = async () => {
    let readAt = performance.now();
    while (!signal.aborted) {
      if (!nudged) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          sleepUnless(timing.pollMs() - (performance.now() - readAt), signal).then(resolve);
        });
        wake = undefined;
      }
      await sleepUnless(timing.minGapMs - (performance.now() - readAt), signal);
      if (signal.aborted) return;
      nudged = false;
      const value = await read().catch(() => undefined);
      readAt = performance.now();
      if (value === undefined || signal.aborted) continue;
      const text = JSON.stringify(value);
      if (text === last) continue;
      last = text;
      changed(value);
    }
  };
  loop();
  return first;
}

const sleepUnless = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });

/** One watch per connection: starting another stops the one before. */
export function watchSlot(): (session: Session) => AbortSignal {
  let current: AbortController | undefined;
  return (session) => {
    current?.abort();
    current = new AbortController();
    return AbortSignal.any([session.signal, current.signal]);
  };
}
