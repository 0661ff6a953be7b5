// ensureEngine: the start the verbs that read agent states make, so that none of them answers
// from a dead engine. One tmux read when an engine runs; otherwise a background start
// (start.ts) and a short wait for its first write.

import { setOption } from "../tmux/options.ts";
import { type EngineView, readEngineView } from "../watch/claim.ts";
import { markStale, RAIL_ASCII_OPTION, RAIL_OPTION } from "../watch/rail.ts";
import { type EngineServer, outdated, spawnEngine } from "./start.ts";
import { stopClaimed } from "./stop.ts";
import { POLL_MS } from "./waits.ts";

/** How long a verb that started the engine waits for its first write before answering. */
export const FIRST_WRITE_WAIT_MS = 3000;

/**
 * Make sure an engine runs for the server: one tmux read when one does; otherwise start one
 * in the background (a dead engine's rail is marked stale first) and wait up to `waitMs` for
 * its first write. Answers whether the states tmux holds now are live. `@agent-wizard-watch off`
 * turns the start off, as it does the plugin's.
 */
export async function ensureEngine(server: EngineServer, waitMs = 0): Promise<boolean> {
  const { tmux } = server;
  const view = await readEngineView(tmux);
  const old = outdated(view.claim);
  if (old) {
    await stopClaimed(tmux, old);
    spawnEngine(server);
  } else if (isLive(view)) return true;
  else if (!view.claim?.alive) {
    if (view.claim && view.rail !== markStale(view.rail)) {
      await tmux.batch([
        setOption({ kind: "global" }, RAIL_OPTION, markStale(view.rail)),
        setOption({ kind: "global" }, RAIL_ASCII_OPTION, markStale(view.railAscii)),
      ]);
    }
    if (view.watchOff) return false;
    spawnEngine(server);
  }
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await Bun.sleep(POLL_MS);
    if (isLive(await readEngineView(tmux))) return true;
  }
  return false;
}

/** What a verb says when the states it read may be stale. */
export const NOT_LIVE_WARNING = "taw: engine off — states may be stale; start it with 'taw engine'";

/** A live engine has written a tick: it says so, or it has run longer than a first tick takes
 * (an engine of a taw from before the mark). */
const isLive = ({ claim, ready }: EngineView) =>
  claim?.alive === true && (ready || Date.now() - claim.startedAt > FIRST_WRITE_WAIT_MS);
