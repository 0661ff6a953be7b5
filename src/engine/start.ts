// Starting the headless engine of a tmux server: `taw engine --foreground` detached from the
// process that asks, under the supervisor that restarts it after a crash (src/supervise). A
// headless engine of another build on this host is stopped first and replaced.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TawError } from "../errors.ts";
import { logDir, TAW_BIN } from "../paths.ts";
import { supervised } from "../supervise/supervisor.ts";
import type { Tmux } from "../tmux/client.ts";
import { currentBuild } from "../watch/build.ts";
import { type EngineClaim, readEngineClaim, thisHost } from "../watch/claim.ts";
import { type ClaimRecord, claimRecord } from "./status.ts";
import { stopClaimed } from "./stop.ts";
import { POLL_MS, START_WAIT_MS } from "./waits.ts";

/** The server an engine is for, and the environment its process is started with. */
export interface EngineServer {
  tmux: Tmux;
  env: Record<string, string | undefined>;
}

/** Start `taw engine --foreground` detached from this process, which ends long before it, under
 * the supervisor that restarts it after a crash. */
export function spawnEngine({ tmux, env }: EngineServer) {
  // Its stderr goes to a file, not a pipe: a pipe would keep this verb's caller waiting.
  mkdirSync(logDir(env), { recursive: true });
  const stderrPath = join(logDir(env), "engine.stderr.log");
  writeFileSync(stderrPath, "");
  const child = Bun.spawn(supervised([TAW_BIN, "engine", "--foreground", ...tmux.serverArgs()]), {
    env,
    stdin: "ignore",
    stdout: "ignore",
    stderr: Bun.file(stderrPath),
    detached: true,
  });
  child.unref();
  return { child, stderrPath };
}

/** A headless engine on this host that runs another build than this taw: `taw engine`, verbs
 * and focus hooks restart it. A dashboard's engine is left to its dashboard. */
export const outdated = (claim: EngineClaim | undefined): EngineClaim | undefined =>
  claim?.alive && claim.role === "headless" && claim.host === thisHost() && claim.build !== currentBuild()
    ? claim
    : undefined;

/** Make sure this taw's engine runs in the background: answers the claim of the one that runs,
 * started now or before (or says why it could not start). */
export async function startEngine(server: EngineServer): Promise<ClaimRecord> {
  const { tmux } = server;
  const held = await readEngineClaim(tmux);
  const old = outdated(held);
  if (old) await stopClaimed(tmux, old);
  else if (held?.alive) return claimRecord(held);
  const { child, stderrPath } = spawnEngine(server);
  const deadline = Date.now() + START_WAIT_MS;
  while (Date.now() < deadline) {
    const claim = await readEngineClaim(tmux);
    if (claim?.alive) return claimRecord(claim);
    if (child.exitCode !== null) {
      const why = readFileSync(stderrPath, "utf8").trim();
      throw new TawError(
        "engine_failed",
        `the engine stopped as it started: ${why || `exit ${child.exitCode}`}`,
      );
    }
    await Bun.sleep(POLL_MS);
  }
  throw new TawError(
    "engine_failed",
    "the engine did not claim the server in time; see its log under the state folder",
  );
}

/** Stop the server's engine, whoever runs it, and start this taw's (states carry over: they
 * live in tmux). */
export async function restartEngine(server: EngineServer) {
  const claim = await readEngineClaim(server.tmux);
  if (claim) await stopClaimed(server.tmux, claim);
  return { previous: claim?.pid ?? null, ...(await startEngine(server)) };
}
