// `taw wait-for output|idle`: block until a pane's screen shows a pattern, or has not moved
// for a while. The caller runs no loop: this polls, cheaply, one capture-pane per
// WAIT_FOR_POLL_MS. `idle` first asks tmux's #{window_activity} (whole seconds, moved by any
// output in the window): a window silent for long enough answers without any capture.

import { paneGone } from "../agent/prompt-ready.ts";
import { EXIT, TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import type { Pane } from "../tmux/snapshot.ts";

export const WAIT_FOR_POLL_MS = 200;
export const DEFAULT_WAIT_FOR_TIMEOUT_MS = 600_000;

/** The visible screen, wrapped lines joined (-J) so a pattern is not cut at the pane's edge. */
async function screenOf(tmux: Tmux, pane: Pane): Promise<string> {
  const result = await tmux.tryRun(["capture-pane", "-p", "-J", "-t", target(pane.id)]);
  if (result.error) throw result.error.code === "not_found" ? paneGone(pane.publicId) : result.error;
  return result.stdout;
}

function timedOut(pane: Pane, timeoutMs: number, what: string): TawError {
  return new TawError(
    "wait_timeout",
    `pane ${pane.publicId} ${what} within ${timeoutMs} ms; give a longer --timeout or look at it with 'taw pane read ${pane.publicId}'`,
    EXIT.timeout,
  );
}

/** Sleep until the next look, or until the deadline if that comes first. */
const nextLook = (deadline: number) =>
  Bun.sleep(Math.max(0, Math.min(WAIT_FOR_POLL_MS, deadline - Date.now())));

export async function waitForOutput(tmux: Tmux, pane: Pane, pattern: RegExp, timeoutMs: number) {
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    const match = pattern.exec(await screenOf(tmux, pane));
    if (match)
      return { pane_id: pane.publicId, tmux_id: pane.id, matched: match[0], waited_ms: Date.now() - started };
    if (Date.now() >= deadline)
      throw timedOut(pane, timeoutMs, `showed nothing matching /${pattern.source}/`);
    await nextLook(deadline);
  }
}

export async function waitForIdle(tmux: Tmux, pane: Pane, quietForMs: number, timeoutMs: number) {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const answer = (quietMs: number) => ({
    pane_id: pane.publicId,
    tmux_id: pane.id,
    quiet_ms: quietMs,
    waited_ms: Date.now() - started,
  });
  // Output in second S may have come up to a second after S began.
  const silentMs = started - (pane.windowActivity + 1) * 1000;
  if (silentMs >= quietForMs) return answer(silentMs);
  let last = await screenOf(tmux, pane);
  let changedAt = started;
  for (;;) {
    if (Date.now() - changedAt >= quietForMs) return answer(Date.now() - changedAt);
    if (Date.now() >= deadline) throw timedOut(pane, timeoutMs, `did not stay quiet for ${quietForMs} ms`);
    await nextLook(deadline);
    const screen = await screenOf(tmux, pane);
    if (screen !== last) {
      last = screen;
      changedAt = Date.now();
    }
  }
}
