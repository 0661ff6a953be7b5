// The round trip of taw's herdr socket, as a client sees it: connect, one request line, the
// answer, close. `ping` is the socket's floor; `pane.report_agent` identifies the caller's
// pane (SO_PEERCRED, /proc) and runs the report verb (one tmux invocation) behind it, so the
// client runs inside a pane of the bench server, as a hook does. The server gets the pane
// listing once, as the engine's model gives it. Target: p50 ≤ 5 ms, far under a CLI call
// (bench/hook.ts). Then the real engine (`taw engine`) on a 10-pane server at rest: its CPU
// (% of one core, own + the tmux processes it waited for) over a window with no client, then
// with one `events.subscribe` client connected. Prints figures; asserts nothing.
// Run: bun bench/herdr.ts [calls] [window seconds]

import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, open } from "../src/herdr/client.ts";
import { HerdrServer } from "../src/herdr/server.ts";
import { socketPath } from "../src/herdr/socket-dir.ts";
import { takeSnapshot } from "../src/tmux/server.ts";
import type { Snapshot } from "../src/tmux/snapshot.ts";
import { benchServer, killServer, ms, percentile } from "./servers.ts";

const CALLS = Number(process.argv[2] ?? 200);
const WINDOW_S = Number(process.argv[3] ?? 15);

/** In the pane: time both series against `path`, write the figures to `out`. */
async function client(path: string, out: string): Promise<void> {
  const lines: string[] = [];
  const series = async (label: string, run: (index: number) => Promise<void>) => {
    const times: number[] = [];
    for (let index = 0; index < CALLS; index++) {
      const start = performance.now();
      await run(index);
      times.push(performance.now() - start);
    }
    lines.push(
      `${label.padEnd(20)} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  (${CALLS} calls)`,
    );
  };
  await series("ping", async () => {
    await call(path, "ping");
  });
  await series("pane.report_agent", async (index) => {
    const state = index % 2 ? "idle" : "working";
    const answer = await call(path, "pane.report_agent", {
      source: "bench",
      agent: "claude",
      state,
      seq: index + 1,
    });
    if (answer.error) throw new Error(answer.error.message);
  });
  await Bun.write(out, `${lines.join("\n")}\n`);
}

if (process.argv[3] === "--client") {
  await client(process.argv[4] as string, process.argv[5] as string);
  process.exit(0);
}

const CLOCK_TICKS = 100;

/** CPU seconds a process used (all its threads), and those of the children it waited for. */
function cpuSeconds(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const field = (index: number) => Number(fields[index - 3]);
  return (field(14) + field(15) + field(16) + field(17)) / CLOCK_TICKS;
}

async function cpuOver(pid: number, seconds: number): Promise<string> {
  const before = cpuSeconds(pid);
  await Bun.sleep(seconds * 1000);
  return `${(((cpuSeconds(pid) - before) / seconds) * 100).toFixed(2)} % of a core`;
}

/** The engine at rest on 10 panes, without and with one subscriber. */
async function engineCpu(): Promise<void> {
  const rest = await benchServer(10, `taw-bench-herdr-rest-${process.pid}`);
  const runtime = mkdtempSync(join(tmpdir(), "taw-bench-run-"));
  const env = {
    ...process.env,
    XDG_RUNTIME_DIR: runtime,
    TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-bench-state-")),
    TAW_TMUX_NAME: rest.describeSocket().split("/").pop() as string,
    TAW_TMUX_SOCKET: "",
  };
  delete (env as Record<string, string | undefined>).TMUX;
  delete (env as Record<string, string | undefined>).TMUX_PANE;
  const engine = Bun.spawn([join(import.meta.dir, "..", "bin", "taw"), "engine", "--foreground"], {
    env,
    stdout: "ignore",
    stderr: "ignore",
  });
  const path = socketPath(rest.describeSocket(), env);
  try {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(await call(path, "ping").catch(() => undefined))) await Bun.sleep(100);
    await Bun.sleep(3000); // past the engine's first ticks
    const alone = await cpuOver(engine.pid, WINDOW_S);
    const subscriptions = [
      "pane.agent_status_changed",
      "pane.created",
      "pane.closed",
      "tab.created",
      "workspace.created",
    ];
    const sub = await open(path, "events.subscribe", {
      subscriptions: subscriptions.map((type) => ({ type })),
    });
    const subscribed = await cpuOver(engine.pid, WINDOW_S);
    sub.close();
    process.stdout.write(
      `engine at rest, 10 panes, ${WINDOW_S} s each:  no client ${alone};  one subscriber ${subscribed}\n`,
    );
  } finally {
    engine.kill();
    await engine.exited;
    await killServer(rest);
  }
}

/** The socket's round trips with its tmux writes spawned (the default) or over one
 * control-mode connection (TAW_TMUX_CONTROL=1, where the engine's own connection serves it). */
async function roundTrips(control: boolean): Promise<void> {
  const tmux = await benchServer(1, `taw-bench-herdr-${control ? "c" : "s"}-${process.pid}`);
  const env = { XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "taw-bench-run-")) };
  const out = join(env.XDG_RUNTIME_DIR, "figures.txt");
  let model: Snapshot | undefined;
  const writer = control ? tmux.withControl() : tmux;
  const server = new HerdrServer({
    path: socketPath(tmux.describeSocket(), env),
    ctx: { tmux: writer, env, snapshot: () => model },
    events: () => () => {},
  });
  try {
    await server.start();
    const argv = [process.execPath, import.meta.path, String(CALLS), "--client", server.path, out];
    await tmux.run(["new-window", "-d", argv.map((word) => `'${word}'`).join(" ")]);
    model = await takeSnapshot(tmux);
    const deadline = Date.now() + 120_000;
    while (!existsSync(out) && Date.now() < deadline) await Bun.sleep(100);
    process.stdout.write(`${control ? "tmux over one control connection" : "tmux spawned per write"}:\n`);
    process.stdout.write(
      existsSync(out) ? readFileSync(out, "utf8") : "the client in the pane did not finish\n",
    );
  } finally {
    await server.stop();
    writer.close();
    await killServer(tmux);
  }
}

await roundTrips(false);
await roundTrips(true);
await engineCpu();
