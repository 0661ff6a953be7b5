// The engine check: someone holds the server's claim, its process runs, which build it runs,
// for how long, how often its supervisor restarted it, and the last error it logged.

import { closeSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { formatDuration } from "../duration.ts";
import { logDir } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import { currentBuild } from "../watch/build.ts";
import { ENGINE_ERROR_OPTION, readEngineClaim, thisHost } from "../watch/claim.ts";
import { type Check, fail, ok, warn } from "./check.ts";

const START = "start it with 'taw engine' (loading the plugin starts it too)";
/** How much of the end of the log is searched for the last error. */
const TAIL_BYTES = 64 * 1024;

type Env = Record<string, string | undefined>;

export async function checkEngine(tmux: Tmux, env: Env = process.env, now = Date.now()): Promise<Check> {
  const claim = await readEngineClaim(tmux);
  if (!claim)
    return fail("engine", "no engine runs for this tmux server: agent states are not updated", START);
  if (!claim.alive)
    return fail("engine", `the engine's claim names pid ${claim.pid}, which is not running`, START);
  const where = claim.host === thisHost() ? "" : ` on ${claim.host} (another host: its pid is not checked)`;
  const error = lastError(join(logDir(env), "engine.log"));
  const cannot = (await tmux.run(["show-options", "-gqv", ENGINE_ERROR_OPTION]).catch(() => "")).trim();
  const detail = [
    `pid ${claim.pid}${where}, up ${formatDuration((now - claim.startedAt) / 1000)}, taw ${claim.build || claim.version}`,
    `${claim.restarts} restart${claim.restarts === 1 ? "" : "s"}`,
    ...(claim.role === "hosted" ? ["in a dashboard"] : claim.role === "foreground" ? ["in a terminal"] : []),
    ...(error ? [`last error: ${error}`] : []),
  ].join(", ");
  if (cannot)
    return warn("engine", `${detail}; ${cannot}`, "do what it says; the engine writes again by itself");
  if (claim.build !== currentBuild())
    return warn("engine", `${detail}; this taw is ${currentBuild()}`, "restart it: taw engine restart");
  return ok("engine", detail);
}

/** The last ERROR or WARN line of a log (its time and message), if any. */
export function lastError(path: string): string | undefined {
  let text = "";
  try {
    const size = statSync(path).size;
    const start = Math.max(0, size - TAIL_BYTES);
    const buffer = Buffer.alloc(size - start);
    const fd = openSync(path, "r");
    try {
      readSync(fd, buffer, 0, buffer.length, start);
    } finally {
      closeSync(fd);
    }
    text = buffer.toString("utf8");
  } catch {
    return undefined;
  }
  const line = text
    .split("\n")
    .reverse()
    .find((entry) => / (ERROR|WARN) \[\d+\] /.test(entry));
  return line?.replace(/ (ERROR|WARN) \[\d+\] /, " ").slice(0, 300);
}
