// Who runs the engine of a tmux server, as `taw engine status` and a start say it: the claim
// (src/watch/claim.ts) read back as a record.

import type { Tmux } from "../tmux/client.ts";
import { type EngineClaim, readEngineClaim } from "../watch/claim.ts";

export const claimRecord = (claim: EngineClaim | undefined) =>
  claim
    ? {
        running: claim.alive,
        pid: claim.pid,
        host: claim.host,
        started_at: new Date(claim.startedAt).toISOString(),
        version: claim.version,
        build: claim.build,
        restarts: claim.restarts,
        role: claim.role,
      }
    : { running: false };

export type ClaimRecord = ReturnType<typeof claimRecord>;

/** The engine of the server `tmux` addresses, or `{ running: false }` when none claimed it. */
export const readEngineStatus = async (tmux: Tmux): Promise<ClaimRecord> =>
  claimRecord(await readEngineClaim(tmux));
