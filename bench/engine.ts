// The engine under load, at 10, 50 and 200 panes (a fifth of them fake agents replaying
// recorded Claude screens, each in a window of its own so a whole screen shows):
// - latency from a screen change (a cue typed into a fake agent) to the engine having
//   written the option (its event line appears just after the write), p50 and p95;
// - the engine process's CPU (% of one core, its worker threads included) and RSS over a
//   measured window with the agents just idle (from SETTLE_MS after the last went idle: the
//   transition's JIT and garbage collection are still in it), again at rest (from REST_AFTER_MS
//   after: nothing has happened for a while), then with every agent redrawing its screen; beside
//   it the tmux side: the tmux processes the engine runs (spawned ones and its control-mode
//   client) and the tmux server's own CPU, which answers every read; and the server's CPU with
//   the agents still redrawing once the engine has stopped (handling their output is tmux's
//   own work, engine or not: what watching costs is the difference);
// - tmux processes per second the engine starts, counted as the kernel sees them start a copy of
//   tmux on its PATH (tmux-exec-counter.ts): a counting shell before each would be CPU the
//   engine's figures take on.
// Each size runs once per transport: a tmux process per batch ("spawn"), or one control-mode
// connection (TAW_TMUX_CONTROL=1, "control"). A `summary` line per run is for scripts.
// Bounded for a shared 2-core machine: WINDOW_S seconds per window (default 20).
// Run: bun bench/engine.ts [window seconds] [sizes, comma-separated] [transports]

import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { installFakeAgent } from "../e2e/fake-agent/install.ts";
import { Tmux } from "../src/tmux/client.ts";
import { ENGINE_OPTION, parseClaim } from "../src/watch/claim.ts";
import { sizeOf } from "../src/watch/rotating.ts";
import { memoryOf, percentile } from "./servers.ts";
import { tmuxExecCounter } from "./tmux-exec-counter.ts";

const WINDOW_S = Number(process.argv[2] ?? 20);
const SIZES = (process.argv[3] ?? "10,50,200").split(",").map(Number);
const TRANSPORTS = (process.argv[4] ?? "spawn,control").split(",");
const SAMPLES = 12;
const PANES_PER_WINDOW = 5;
const CLOCK_TICKS = 100;
const ROOT = resolve(import.meta.dir, "..");
const POLL_MS = 5;
/** After every agent reads idle, before the "just idle" window. */
const SETTLE_MS = 3000;
/** After every agent reads idle, before the window at rest (the engine is warm, the last
 * transition's garbage collected); with windows over 27 s, right after the idle one. */
const REST_AFTER_MS = 30_000;
/** About one engine tick with its own duration: cues land uniformly over it. */
const CYCLE_MS = 350;

const scratch = mkdtempSync(join(tmpdir(), "taw-bench-engine-"));
const agentPath = installFakeAgent(join(scratch, "agents"), "claude");
const tmuxStarts = tmuxExecCounter();

async function setUp(size: number, label: string): Promise<{ tmux: Tmux; agents: string[] }> {
  // A name per run: a server just killed under the same name may still be on its way out.
  const tmux = new Tmux({ socketName: `taw-bench-engine-${process.pid}-${size}-${label}` });
  const started = Bun.spawnSync([
    "tmux",
    ...tmux.serverArgs(),
    "-f",
    "/dev/null",
    "new-session",
    "-d",
    "-s",
    "bench",
    "-x",
    "200",
    "-y",
    "50",
    "sh",
  ]);
  if (started.exitCode !== 0) throw new Error(`tmux new-session failed: ${started.stderr}`);
  const agentCount = Math.max(1, Math.round(size / 5));
  const commands: string[][] = [["set-option", "-g", "exit-empty", "off"]];
  for (let index = 0; index < agentCount; index++)
    commands.push(["new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "bench:", agentPath]);
  let plain = 1;
  let window = -1;
  while (plain + agentCount < size) {
    if ((plain - 1) % PANES_PER_WINDOW === 0) {
      window++;
      commands.push(["new-window", "-d", "-t", "bench:", "-n", `sh${window}`, "sh"]);
    } else commands.push(["split-window", "-d", "-t", `bench:sh${window}`, "sh"]);
    plain++;
  }
  // The agents' panes as new-window made them: a listing just after may still show a pane's
  // command as tmux (forked, not yet the shell), which is no agent.
  const made = await tmux.batch(commands);
  const agents = made.slice(1, 1 + agentCount).map((result) => result.output.trim());
  return { tmux, agents };
}

/** CPU ticks a process used (user + system), and those of its children it has waited for. */
function procStat(pid: number): { cpu: number; children: number } {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const number = (index: number) => Number(fields[index - 3]);
  return { cpu: number(14) + number(15), children: number(16) + number(17) };
}

/** The live children of a process (a control-mode tmux client runs as long as the engine). */
function liveChildren(pid: number): number[] {
  const tasks = readdirSync(`/proc/${pid}/task`);
  return tasks.flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
  );
}

function cpuOf(pids: number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      cpu.set(pid, procStat(pid).cpu);
    } catch {
      // It ended: its time is in the parent's waited-for children.
    }
  }
  return cpu;
}

interface WindowFigures {
  cpu: number;
  /** The engine and the tmux processes it runs. */
  withTmux: number;
  /** The tmux server's own CPU over the window. */
  server: number;
  rss: number;
  /** Of it, the engine's own memory (memoryOf). */
  anon: number;
  tmuxPerSecond: number;
}

async function measure(pid: number, serverPid: number): Promise<WindowFigures> {
  const before = procStat(pid);
  const serverBefore = procStat(serverPid).cpu;
  const childrenBefore = cpuOf(liveChildren(pid));
  const calls = tmuxStarts.calls();
  const start = performance.now();
  await Bun.sleep(WINDOW_S * 1000);
  const seconds = (performance.now() - start) / 1000;
  const after = procStat(pid);
  const childrenAfter = cpuOf([...childrenBefore.keys()]);
  let live = 0;
  for (const [child, cpu] of childrenAfter) live += cpu - (childrenBefore.get(child) ?? cpu);
  const own = (after.cpu - before.cpu) / CLOCK_TICKS;
  const tmuxCpu = (after.children - before.children + live) / CLOCK_TICKS;
  const percent = (ticks: number) => (100 * ticks) / seconds;
  return {
    cpu: percent(own),
    withTmux: percent(own + tmuxCpu),
    server: percent((procStat(serverPid).cpu - serverBefore) / CLOCK_TICKS),
    ...memoryOf(pid),
    tmuxPerSecond: (tmuxStarts.calls() - calls) / seconds,
  };
}

/** The tmux server's CPU (% of one core) over a measured window. */
async function serverCpu(serverPid: number): Promise<number> {
  const before = procStat(serverPid).cpu;
  const start = performance.now();
  await Bun.sleep(WINDOW_S * 1000);
  const seconds = (performance.now() - start) / 1000;
  return (100 * (procStat(serverPid).cpu - before)) / CLOCK_TICKS / seconds;
}

async function typeCue(tmux: Tmux, pane: string, word: string): Promise<void> {
  await tmux.batch([
    ["send-keys", "-t", pane, "-l", word],
    ["send-keys", "-t", pane, "Enter"],
  ]);
}

/** Milliseconds from typing a cue to the engine's event for it (written just after the option). */
async function latency(
  tmux: Tmux,
  eventsPath: string,
  pane: string,
  word: string,
  state: string,
): Promise<number> {
  // A screen changes at any moment of the engine's cycle, not just after a tick.
  await Bun.sleep(Math.random() * CYCLE_MS);
  let offset = sizeOf(eventsPath);
  const start = performance.now();
  await typeCue(tmux, pane, word);
  const needle = `"to":"${state}"`;
  while (performance.now() - start < 5000) {
    const size = sizeOf(eventsPath);
    if (size > offset) {
      const text = readFileSync(eventsPath, "utf8").slice(offset);
      offset = size;
      if (text.split("\n").some((line) => line.includes(`"tmux_id":"${pane}"`) && line.includes(needle)))
        return performance.now() - start;
    }
    await Bun.sleep(POLL_MS);
  }
  return Number.NaN;
}

async function waitAllState(tmux: Tmux, agents: string[], state: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const listing = await tmux.run(["list-panes", "-a", "-F", "#{pane_id} #{@agent_state}"]);
    const states = new Map(listing.split("\n").map((line) => line.split(" ") as [string, string]));
    if (agents.every((pane) => states.get(pane) === state)) return;
    await Bun.sleep(250);
  }
  throw new Error(`agents did not all reach ${state}`);
}

interface Row {
  size: number;
  transport: string;
  working: number[];
  blocked: number[];
  idle: WindowFigures;
  rest: WindowFigures;
  redraw: WindowFigures;
  /** The tmux server's CPU with the agents redrawing and no engine. */
  serverAlone: number;
}

async function run(size: number, transport: string): Promise<Row> {
  const { tmux, agents } = await setUp(size, transport);
  const serverPid = Number((await tmux.run(["display-message", "-p", "#{pid}"])).trim());
  const stateDir = join(scratch, `state-${size}-${transport}`);
  // As taw starts its engine: through the launcher (its allocator setting, src/runtime.ts),
  // which runs the compiled taw when `npm install` (or src/compiled/build.ts) built it.
  const engine = Bun.spawn(
    [`${ROOT}/bin/taw`, "engine", "--foreground", "-L", tmux.server.socketName as string],
    {
      env: {
        ...process.env,
        PATH: `${tmuxStarts.dir}:${process.env.PATH}`,
        TAW_STATE_DIR: stateDir,
        TAW_TMUX_CONTROL: transport === "control" ? "1" : "0",
        TMUX: "",
      },
      stdin: "ignore",
      stdout: "ignore",
      stderr: "inherit",
    },
  );
  try {
    await waitAllState(tmux, agents, "idle");
    const idleAt = Date.now();
    // Just idle: the last verdicts' holds and writes are over.
    await Bun.sleep(SETTLE_MS);
    const eventsPath = (await Bun.$`ls ${stateDir}/events/`.text()).trim().split("\n")[0] as string;
    const events = join(stateDir, "events", eventsPath);
    // The engine's own pid, from its claim: a compiled taw older than its sources runs them
    // as a child, which the launched process only waits for.
    const claimed = parseClaim((await tmux.run(["show-options", "-gqv", ENGINE_OPTION])).trim());
    const enginePid = claimed?.pid ?? engine.pid;
    const idle = await measure(enginePid, serverPid);
    await Bun.sleep(Math.max(0, idleAt + REST_AFTER_MS - Date.now()));
    const rest = await measure(enginePid, serverPid);
    const working: number[] = [];
    const blocked: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const pane = agents[sample % agents.length] as string;
      working.push(await latency(tmux, events, pane, "working", "working"));
      blocked.push(await latency(tmux, events, pane, "blocked", "blocked"));
      await typeCue(tmux, pane, "fresh");
    }
    await Bun.sleep(1500);
    for (const pane of agents) await typeCue(tmux, pane, "working");
    await waitAllState(tmux, agents, "working");
    for (const pane of agents) await typeCue(tmux, pane, "redraw on");
    const redraw = await measure(enginePid, serverPid);
    // The same redrawing with no engine: what the tmux server spends on the agents' output itself.
    engine.kill("SIGTERM");
    await engine.exited;
    const serverAlone = await serverCpu(serverPid);
    return { size, transport, working, blocked, idle, rest, redraw, serverAlone };
  } finally {
    engine.kill("SIGTERM");
    await engine.exited;
    await tmux.tryRun(["kill-server"]);
  }
}

const f = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const lat = (values: number[]) => `${f(percentile(values, 50))}/${f(percentile(values, 95))}`;

console.log(
  `taw bench/engine: ${WINDOW_S} s windows, ${SAMPLES} latency samples per state, tmux ${Bun.spawnSync(["tmux", "-V"]).stdout.toString().trim()}, ${navigator.hardwareConcurrency} cores (shared)`,
);
console.log(
  "panes agents transport | working ms p50/p95 | blocked ms p50/p95 | idle: cpu% (+tmux procs) server% rss (anon) MB tmux/s | at rest: same | redraw: same | server% alone",
);
const w = (x: WindowFigures) =>
  `${f(x.cpu, 2)} (${f(x.withTmux, 2)}) ${f(x.server, 2)} ${f(x.rss)} (${f(x.anon)}) ${f(x.tmuxPerSecond, 2)}`;
const summaries: string[] = [];
for (const size of SIZES) {
  for (const transport of TRANSPORTS) {
    const row = await run(size, transport);
    console.log(
      `${String(size).padStart(5)} ${String(Math.max(1, Math.round(size / 5))).padStart(6)} ${transport.padStart(9)} | ${lat(row.working).padStart(18)} | ${lat(row.blocked).padStart(18)} | ${w(row.idle).padStart(40)} | ${w(row.rest)} | ${w(row.redraw)} | ${f(row.serverAlone, 2)}`,
    );
    const total = (x: WindowFigures) => f(x.withTmux + x.server, 2);
    // Watching the redraws: the engine, its tmux processes and what the server spends beyond
    // handling the agents' output, which it does with or without an engine.
    const watching = f(row.redraw.withTmux + row.redraw.server - row.serverAlone, 2);
    summaries.push(
      `summary panes=${size} transport=${transport} idle_total_cpu=${total(row.idle)} idle_tmux_per_s=${f(row.idle.tmuxPerSecond, 2)} rest_total_cpu=${total(row.rest)} rest_tmux_per_s=${f(row.rest.tmuxPerSecond, 2)} redraw_total_cpu=${total(row.redraw)} redraw_server_alone_cpu=${f(row.serverAlone, 2)} redraw_watching_cpu=${watching} working_p95_ms=${f(percentile(row.working, 95))} blocked_p95_ms=${f(percentile(row.blocked, 95))} engine_rss_mb=${f(row.redraw.rss)} engine_anon_mb=${f(row.redraw.anon)}`,
    );
  }
}
for (const line of summaries) console.log(line);
