// Stopping the engine of a tmux server: the process its claim names is signalled (or the
// claim cleared, when that process is gone or on another host), and the stop waits until the
// claim is let go.

import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import {
  clearRailWithoutEngine,
  ENGINE_OPTION,
  type EngineClaim,
  readEngineClaim,
  thisHost,
} from "../watch/claim.ts";
import { POLL_MS, STOP_WAIT_MS } from "./waits.ts";

/** Stop the engine a claim names (SIGTERM; a stale or foreign claim is cleared) and wait until
 * it let go. */
export async function stopClaimed(tmux: Tmux, claim: EngineClaim): Promise<void> {
  if (claim.alive && claim.host === thisHost()) process.kill(claim.pid, "SIGTERM");
  // A stale claim, or an engine on another host: clearing the claim makes it stop at its next tick.
  else await tmux.run(["set-option", "-gu", ENGINE_OPTION]);
  if (!(await waitForRelease(tmux, claim.pid))) {
    throw new TawError(
      "engine_stop_timeout",
      `engine pid ${claim.pid} did not stop within ${STOP_WAIT_MS / 1000} s`,
    );
  }
}

async function waitForRelease(tmux: Tmux, pid: number): Promise<boolean> {
  const deadline = Date.now() + STOP_WAIT_MS;
  while (Date.now() < deadline) {
    const claim = await readEngineClaim(tmux);
    if (claim?.pid !== pid) return true;
    await Bun.sleep(POLL_MS);
  }
  return false;
}

/** Stop whatever engine the server has; the rail's counts, which nobody keeps current after it,
 * go with it whichever way it ended. */
export async function stopEngine(tmux: Tmux): Promise<{ stopped: boolean; pid: number | null }> {
  const claim = await readEngineClaim(tmux);
  if (!claim) {
    await clearRailWithoutEngine(tmux);
    return { stopped: false, pid: null };
  }
  await stopClaimed(tmux, claim);
  await clearRailWithoutEngine(tmux);
  return { stopped: true, pid: claim.pid };
}
