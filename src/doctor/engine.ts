// The engine check: someone holds the server's claim, its process runs, and for how long.

import { formatDuration } from "../duration.ts";
import type { Tmux } from "../tmux/client.ts";
import { VERSION } from "../version.ts";
import { readEngineClaim, thisHost } from "../watch/claim.ts";
import { type Check, fail, ok, warn } from "./check.ts";

const START = "start it with 'taw engine' (loading the plugin starts it too)";

export async function checkEngine(tmux: Tmux, now = Date.now()): Promise<Check> {
  const claim = await readEngineClaim(tmux);
  if (!claim)
    return fail("engine", "no engine runs for this tmux server: agent states are not updated", START);
  if (!claim.alive)
    return fail("engine", `the engine's claim names pid ${claim.pid}, which is not running`, START);
  const where = claim.host === thisHost() ? "" : ` on ${claim.host} (another host: its pid is not checked)`;
  const detail = `pid ${claim.pid}${where}, up ${formatDuration((now - claim.startedAt) / 1000)}, taw ${claim.version}`;
  if (claim.version !== VERSION)
    return warn("engine", `${detail}, but this taw is ${VERSION}`, "restart it: taw engine stop; taw engine");
  return ok("engine", detail);
}
