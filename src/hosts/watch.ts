// A host's watch (agent.watch): its list read again at most every 500 ms, and sent only when
// it differs from the last one sent, so a host at rest costs the connection nothing.

import type { Session } from "./serve.ts";

export const WATCH_INTERVAL_MS = 500;

/**
 * Read `read()` now (the watch's answer), then every `intervalMs` after the last read ended,
 * calling `changed` with each result whose JSON differs from the one before; until `signal`
 * aborts. A read that fails is skipped (the next one tries again).
 */
export async function watchChanges<T>(
  read: () => Promise<T>,
  changed: (value: T) => void,
  signal: AbortSignal,
  intervalMs = WATCH_INTERVAL_MS,
): Promise<T> {
  const first = await read();
  let last = JSON.stringify(first);
  const loop = async () => {
    while (!signal.aborted) {
      await sleepUnless(intervalMs, signal);
      if (signal.aborted) return;
      const value = await read().catch(() => undefined);
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
