// taw engine [--foreground] | engine status | engine stop: the headless engine of a tmux
// server. Without --foreground it starts itself in the background and returns once the
// background engine holds the server's claim (or says why it could not). ensureEngine is the
// same start for the verbs that read agent states: none of them answers from a dead engine.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TawError } from "../errors.ts";
import { attachNotifications } from "../notify/attach.ts";
import { logDir, TAW_BIN } from "../paths.ts";
import { CRASH_EXIT, RESTARTS_VAR, supervised } from "../supervise/supervisor.ts";
import type { Tmux } from "../tmux/client.ts";
import { setOption } from "../tmux/options.ts";
import { currentBuild } from "../watch/build.ts";
import {
  clearRailWithoutEngine,
  ENGINE_OPTION,
  type EngineClaim,
  type EngineView,
  readEngineClaim,
  readEngineView,
  thisHost,
} from "../watch/claim.ts";
import { Engine, eventsPathFor } from "../watch/engine.ts";
import { fileLogger } from "../watch/log.ts";
import { attachManifestReload, ManifestReloader } from "../watch/manifest-reload.ts";
import { markStale, RAIL_ASCII_OPTION, RAIL_OPTION } from "../watch/rail.ts";
import { rosterFile } from "../watch/roster.ts";
import { type CommandContext, defineCommand } from "./command.ts";

/** How long `taw engine` waits for the background engine to claim the server. */
const START_WAIT_MS = 10_000;
/** How long `taw engine stop` waits for the engine to let go. */
const STOP_WAIT_MS = 5000;
const POLL_MS = 100;
/** How long a verb that started the engine waits for its first write before answering. */
export const FIRST_WRITE_WAIT_MS = 3000;

function serverFlags(ctx: CommandContext): string[] {
  const path = ctx.args.flags.socket as string | undefined;
  const name = ctx.args.flags["socket-name"] as string | undefined;
  return path ? ["-S", path] : name ? ["-L", name] : [];
}

const claimRecord = (claim: EngineClaim | undefined) =>
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

type ClaimRecord = ReturnType<typeof claimRecord>;

/** The engine `taw engine` runs has no UI thread to keep free: screens are read on its own
 * thread. bench/engine.ts at 200 panes: RSS 69 -> 63 MB idle and 76 -> 68 MB with every agent
 * redrawing, CPU and latency the same (the dashboard's own engine keeps its worker). */
const HEADLESS_WORKERS = 0;

async function runForeground(ctx: CommandContext): Promise<ClaimRecord> {
  const log = fileLogger("engine", ctx.env);
  // TAW_ENGINE_WORKERS: how many watcher workers (0 = on the engine's thread).
  const workers = ctx.env.TAW_ENGINE_WORKERS ? Number(ctx.env.TAW_ENGINE_WORKERS) : undefined;
  const manifests = new ManifestReloader(undefined, ctx.env);
  const engine = new Engine({
    tmux: ctx.tmux,
    manifests: manifests.current,
    log,
    eventsPath: eventsPathFor(ctx.tmux, ctx.env),
    rosterPath: rosterFile(ctx.tmux.describeSocket(ctx.env), ctx.env),
    workers: Number.isInteger(workers) ? workers : HEADLESS_WORKERS,
    // Only the supervised engine `taw engine` starts (its supervisor sets RESTARTS_VAR) is
    // restarted for another build; one run in a terminal is its user's to restart.
    role: ctx.env[RESTARTS_VAR] === undefined ? "foreground" : "headless",
    restarts: Number(ctx.env[RESTARTS_VAR]) || 0,
  });
  // A crash is logged and ends with CRASH_EXIT, which the supervisor (src/supervise) restarts.
  const crash = (error: unknown) => {
    log.error(`engine crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(CRASH_EXIT);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  try {
    await engine.start();
  } catch (error) {
    log.warn(`engine did not start: ${(error as Error).message}`);
    throw error;
  }
  // Notifications, [hooks] and the rail's [status] follow config.toml as it changes.
  attachNotifications(engine, ctx.tmux, ctx.env, (message) => log.info(message));
  const stopManifests = attachManifestReload(engine, manifests, ctx.tmux, log);
  const stop = () => void engine.stop();
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("SIGHUP", stop);
  // The herdr socket (src/herdr), loaded only where an engine runs.
  const { attachHerdr } = await import("../herdr/attach.ts");
  const stopHerdr = await attachHerdr(engine, ctx.tmux, ctx.env, (message) => log.info(message));
  // Sessions saved on their own (src/session/autosave.ts), once more as the engine stops.
  const { attachAutosave } = await import("../session/autosave.ts");
  const stopAutosave = attachAutosave(engine, ctx.tmux, ctx.env, (message) => log.info(message));
  // Approvals [inbox] auto_approve gives on its own, logged and notified (src/inbox/auto.ts).
  const { attachAutoApprove } = await import("../inbox/auto.ts");
  const stopAutoApprove = attachAutoApprove(engine, ctx.tmux, ctx.env, (message) => log.info(message));
  // herdr plugins: their [[startup]] now, their [[events]] as the engine sees them (src/plugin).
  const { attachPlugins } = await import("../plugin/events.ts");
  const stopPlugins = attachPlugins(engine, ctx.tmux, ctx.env, (message) => log.info(message));
  await engine.finished;
  await stopAutosave();
  stopManifests();
  stopAutoApprove();
  stopPlugins();
  await stopHerdr();
  return { running: false };
}

/** Start `taw engine --foreground` detached from this process, which ends long before it, under
 * the supervisor that restarts it after a crash. */
function spawnEngine(ctx: CommandContext) {
  // Its stderr goes to a file, not a pipe: a pipe would keep this verb's caller waiting.
  mkdirSync(logDir(ctx.env), { recursive: true });
  const stderrPath = join(logDir(ctx.env), "engine.stderr.log");
  writeFileSync(stderrPath, "");
  const child = Bun.spawn(supervised([TAW_BIN, "engine", "--foreground", ...serverFlags(ctx)]), {
    env: ctx.env,
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

/** Stop the engine a claim names (SIGTERM; a stale or foreign claim is cleared) and wait until
 * it let go. */
async function stopClaimed(tmux: Tmux, claim: EngineClaim): Promise<void> {
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

async function startBackground(ctx: CommandContext): Promise<ClaimRecord> {
  const held = await readEngineClaim(ctx.tmux);
  const old = outdated(held);
  if (old) await stopClaimed(ctx.tmux, old);
  else if (held?.alive) return claimRecord(held);
  const { child, stderrPath } = spawnEngine(ctx);
  const deadline = Date.now() + START_WAIT_MS;
  while (Date.now() < deadline) {
    const claim = await readEngineClaim(ctx.tmux);
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

/**
 * Make sure an engine runs for the server: one tmux read when one does; otherwise start one
 * in the background (a dead engine's rail is marked stale first) and wait up to `waitMs` for
 * its first write. Answers whether the states tmux holds now are live. `@agent-wizard-watch off`
 * turns the start off, as it does the plugin's.
 */
export async function ensureEngine(ctx: CommandContext, waitMs = 0): Promise<boolean> {
  const view = await readEngineView(ctx.tmux);
  const old = outdated(view.claim);
  if (old) {
    await stopClaimed(ctx.tmux, old);
    spawnEngine(ctx);
  } else if (isLive(view)) return true;
  else if (!view.claim?.alive) {
    if (view.claim && view.rail !== markStale(view.rail)) {
      await ctx.tmux.batch([
        setOption({ kind: "global" }, RAIL_OPTION, markStale(view.rail)),
        setOption({ kind: "global" }, RAIL_ASCII_OPTION, markStale(view.railAscii)),
      ]);
    }
    if (view.watchOff) return false;
    spawnEngine(ctx);
  }
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await Bun.sleep(POLL_MS);
    if (isLive(await readEngineView(ctx.tmux))) return true;
  }
  return false;
}

/** What a verb says when the states it read may be stale. */
export const NOT_LIVE_WARNING = "taw: engine off — states may be stale; start it with 'taw engine'";

/** A live engine has written a tick: it says so, or it has run longer than a first tick takes
 * (an engine of a taw from before the mark). */
const isLive = ({ claim, ready }: EngineView) =>
  claim?.alive === true && (ready || Date.now() - claim.startedAt > FIRST_WRITE_WAIT_MS);

export const engineRun = defineCommand({
  path: ["engine"],
  summary: "run the engine that watches every pane (in the background; --foreground to stay)",
  flags: { foreground: { type: "boolean", description: "run in this process until stopped" } },
  run: (ctx) => (ctx.args.flags.foreground ? runForeground(ctx) : startBackground(ctx)),
  render: (result, ctx) =>
    ctx.args.flags.foreground ? "" : `engine running: pid ${"pid" in result ? result.pid : "?"}`,
});

export const engineStatus = defineCommand({
  path: ["engine", "status"],
  summary: "who runs the engine of this tmux server",
  run: async (ctx) => claimRecord(await readEngineClaim(ctx.tmux)),
  render: (result) =>
    "pid" in result
      ? `engine ${result.running ? "running" : "not running (stale claim)"}: pid ${result.pid} on ${result.host} since ${result.started_at}, taw ${result.build || result.version}, ${result.restarts} restarts`
      : "no engine runs for this tmux server",
});

async function waitForRelease(tmux: Tmux, pid: number): Promise<boolean> {
  const deadline = Date.now() + STOP_WAIT_MS;
  while (Date.now() < deadline) {
    const claim = await readEngineClaim(tmux);
    if (claim?.pid !== pid) return true;
    await Bun.sleep(POLL_MS);
  }
  return false;
}

export const engineStop = defineCommand({
  path: ["engine", "stop"],
  summary: "stop the engine of this tmux server",
  async run(ctx) {
    const claim = await readEngineClaim(ctx.tmux);
    // Counts nobody keeps current go with the engine, whichever way it ended.
    if (!claim) {
      await clearRailWithoutEngine(ctx.tmux);
      return { stopped: false, pid: null };
    }
    await stopClaimed(ctx.tmux, claim);
    await clearRailWithoutEngine(ctx.tmux);
    return { stopped: true, pid: claim.pid };
  },
  render: (result) => (result.stopped ? `engine pid ${result.pid} stopped` : "no engine was running"),
});

export const engineRestart = defineCommand({
  path: ["engine", "restart"],
  summary: "stop this server's engine and start this taw's (states carry over: they live in tmux)",
  async run(ctx) {
    const claim = await readEngineClaim(ctx.tmux);
    if (claim) await stopClaimed(ctx.tmux, claim);
    return { previous: claim?.pid ?? null, ...(await startBackground(ctx)) };
  },
  render: (result) =>
    `engine restarted: pid ${"pid" in result ? result.pid : "?"}${result.previous ? ` (was ${result.previous})` : ""}`,
});

export const engineCommands = [engineRun, engineStatus, engineStop, engineRestart];
