// taw engine [--foreground] | engine status | stop | restart: the headless engine of a tmux
// server. The engine's own room (src/engine) starts, runs, stops and reads it; this file reads
// the verb's flags and says the answer.

import { restartEngine, startEngine } from "../engine/start.ts";
import { readEngineStatus } from "../engine/status.ts";
import { stopEngine } from "../engine/stop.ts";
import { defineCommand } from "./command.ts";

export const engineRun = defineCommand({
  path: ["engine"],
  summary: "run the engine that watches every pane (in the background; --foreground to stay)",
  flags: { foreground: { type: "boolean", description: "run in this process until stopped" } },
  async run(ctx) {
    if (!ctx.args.flags.foreground) return startEngine(ctx);
    // The engine and what it hosts are loaded only where an engine runs.
    const { runEngineProcess } = await import("../engine/process.ts");
    await runEngineProcess(ctx.tmux, ctx.env);
    return { running: false };
  },
  render: (result, ctx) =>
    ctx.args.flags.foreground ? "" : `engine running: pid ${"pid" in result ? result.pid : "?"}`,
});

export const engineStatus = defineCommand({
  path: ["engine", "status"],
  summary: "who runs the engine of this tmux server",
  run: (ctx) => readEngineStatus(ctx.tmux),
  render: (result) =>
    "pid" in result
      ? `engine ${result.running ? "running" : "not running (stale claim)"}: pid ${result.pid} on ${result.host} since ${result.started_at}, taw ${result.build || result.version}, ${result.restarts} restarts`
      : "no engine runs for this tmux server",
});

export const engineStop = defineCommand({
  path: ["engine", "stop"],
  summary: "stop the engine of this tmux server",
  run: (ctx) => stopEngine(ctx.tmux),
  render: (result) => (result.stopped ? `engine pid ${result.pid} stopped` : "no engine was running"),
});

export const engineRestart = defineCommand({
  path: ["engine", "restart"],
  summary: "stop this server's engine and start this taw's (states carry over: they live in tmux)",
  run: (ctx) => restartEngine(ctx),
  render: (result) =>
    `engine restarted: pid ${"pid" in result ? result.pid : "?"}${result.previous ? ` (was ${result.previous})` : ""}`,
});

export const engineCommands = [engineRun, engineStatus, engineStop, engineRestart];
