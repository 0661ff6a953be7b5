// The headless engine process (`taw engine --foreground`, what `taw engine` starts under the
// supervisor): the engine and what it hosts (host.ts), a crash ended with the exit code the
// supervisor restarts on, and a signal's clean stop that gives the claim back.

import { CRASH_EXIT, RESTARTS_VAR } from "../supervise/supervisor.ts";
import type { Tmux } from "../tmux/client.ts";
import { eventsPathFor } from "../watch/events.ts";
import { fileLogger } from "../watch/log.ts";
import { rosterFile } from "../watch/roster.ts";
import { hostEngine } from "./host.ts";

/** The engine `taw engine` runs has no UI thread to keep free: screens are read on its own
 * thread. bench/engine.ts at 200 panes: RSS 69 -> 63 MB idle and 76 -> 68 MB with every agent
 * redrawing, CPU and latency the same (the dashboard's own engine keeps its worker). */
const HEADLESS_WORKERS = 0;

/** Run the engine of the server `tmux` addresses in this process until it stops. */
export async function runEngineProcess(tmux: Tmux, env: Record<string, string | undefined>): Promise<void> {
  const log = fileLogger("engine", env);
  // TAW_ENGINE_WORKERS: how many watcher workers (0 = on the engine's thread).
  const workers = env.TAW_ENGINE_WORKERS ? Number(env.TAW_ENGINE_WORKERS) : undefined;
  // A crash is logged and ends with CRASH_EXIT, which the supervisor (src/supervise) restarts.
  const crash = (error: unknown) => {
    log.error(`engine crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(CRASH_EXIT);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  const hosted = await hostEngine(tmux, env, {
    log,
    eventsPath: eventsPathFor(tmux, env),
    rosterPath: rosterFile(tmux.describeSocket(env), env),
    workers: Number.isInteger(workers) ? workers : HEADLESS_WORKERS,
    // Only the supervised engine `taw engine` starts (its supervisor sets RESTARTS_VAR) is
    // restarted for another build; one run in a terminal is its user's to restart.
    role: env[RESTARTS_VAR] === undefined ? "foreground" : "headless",
    restarts: Number(env[RESTARTS_VAR]) || 0,
  }).catch((error: Error) => {
    log.warn(`engine did not start: ${error.message}`);
    throw error;
  });
  const stop = () => void hosted.engine.stop();
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("SIGHUP", stop);
  await hosted.ended;
}
