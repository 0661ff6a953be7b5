// The status token as the engine last wrote it (what #{@agent_wizard_status} shows), for
// `taw status` and a host's status.get. With no engine running one is started and its first
// write waited for; a token it still cannot vouch for carries the stale mark.

import { markStale, plainRail, RAIL_ASCII_OPTION, RAIL_OPTION } from "../watch/rail.ts";
import { ensureEngine, FIRST_WRITE_WAIT_MS } from "./ensure.ts";
import type { EngineServer } from "./start.ts";

export interface RailToken {
  token: string;
  plain: string;
  live: boolean;
}

export async function readRailToken(
  server: EngineServer,
  ascii: boolean,
  waitMs = FIRST_WRITE_WAIT_MS,
): Promise<RailToken> {
  const live = await ensureEngine(server, waitMs);
  const option = ascii ? RAIL_ASCII_OPTION : RAIL_OPTION;
  const held = (await server.tmux.run(["show-options", "-gqv", option])).replace(/\n$/, "");
  const token = live ? held : markStale(held);
  return { token, plain: plainRail(token), live };
}
