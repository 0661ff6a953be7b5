// `taw status refresh`: have the engine work the status token out again now and write it.
// The token tmux holds is marked stale and the nudge moved (probe.ts): the engine's next look
// is a full read, which finds the stale mark where its own token should be and writes the
// token it counts from the panes. The verb waits for that write, so what it answers is the
// engine's, not the mark it set.

import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { setOption } from "../tmux/options.ts";
import { nudgeCommands } from "../watch/probe.ts";
import { markStale, RAIL_ASCII_OPTION, RAIL_OPTION } from "../watch/rail.ts";
import { ensureEngine, FIRST_WRITE_WAIT_MS } from "./ensure.ts";
import type { EngineServer } from "./start.ts";
import { POLL_MS } from "./waits.ts";

/** How long the verb waits for the engine's write: a resting engine looks within a tick. */
export const REFRESH_WAIT_MS = 3000;

const GLOBAL = { kind: "global" } as const;

async function readRail(tmux: Tmux): Promise<string> {
  return (await tmux.run(["show-options", "-gqv", RAIL_OPTION])).replace(/\n$/, "");
}

/** The token as the engine wrote it after being asked; throws when no engine runs or answers. */
export async function refreshStatus(server: EngineServer, waitMs = REFRESH_WAIT_MS): Promise<string> {
  const { tmux } = server;
  if (!(await ensureEngine(server, FIRST_WRITE_WAIT_MS))) {
    throw new TawError(
      "engine_not_running",
      "no engine runs for this tmux server to work the status out (is @agent-wizard-watch off?); start one with 'taw engine'",
    );
  }
  const held = await readRail(tmux);
  const ascii = (await tmux.run(["show-options", "-gqv", RAIL_ASCII_OPTION])).replace(/\n$/, "");
  const stale = markStale(held);
  await tmux.batch([
    setOption(GLOBAL, RAIL_OPTION, stale),
    setOption(GLOBAL, RAIL_ASCII_OPTION, markStale(ascii)),
    ...nudgeCommands(`status-${Date.now()}`),
  ]);
  // The engine never writes a stale-marked token: any other value is its answer.
  const deadline = Date.now() + waitMs;
  for (;;) {
    const now = await readRail(tmux);
    if (now !== stale) return now;
    if (Date.now() >= deadline) break;
    await Bun.sleep(POLL_MS);
  }
  throw new TawError(
    "engine_not_answering",
    `the engine did not write the status within ${Math.round(waitMs / 1000)} s; see 'taw engine status' and 'taw logs --engine'`,
  );
}
