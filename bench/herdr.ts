// The round trip of taw's herdr socket, as a client sees it: connect, one request line, the
// answer, close. `ping` is the socket's floor; `pane.report_agent` identifies the caller's
// pane (SO_PEERCRED, /proc) and runs the report verb (one tmux invocation) behind it, so the
// client runs inside a pane of the bench server, as a hook does. The server gets the pane
// listing once, as the engine's model gives it. Target: p50 ≤ 5 ms, far under a CLI call
// (bench/hook.ts). Prints figures; asserts nothing.  Run: bun bench/herdr.ts [calls]

import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../src/herdr/client.ts";
import { HerdrServer } from "../src/herdr/server.ts";
import { socketPath } from "../src/herdr/socket-dir.ts";
import { takeSnapshot } from "../src/tmux/server.ts";
import type { Snapshot } from "../src/tmux/snapshot.ts";
import { benchServer, killServer, ms, percentile } from "./servers.ts";

const CALLS = Number(process.argv[2] ?? 200);

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

const tmux = await benchServer(1, `taw-bench-herdr-${process.pid}`);
const env = { XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "taw-bench-run-")) };
const out = join(env.XDG_RUNTIME_DIR, "figures.txt");
let model: Snapshot | undefined;
const server = new HerdrServer({
  path: socketPath(tmux.describeSocket(), env),
  ctx: { tmux, env, snapshot: () => model },
  events: () => () => {},
});
try {
  await server.start();
  const argv = [process.execPath, import.meta.path, String(CALLS), "--client", server.path, out];
  await tmux.run(["new-window", "-d", argv.map((word) => `'${word}'`).join(" ")]);
  model = await takeSnapshot(tmux);
  const deadline = Date.now() + 120_000;
  while (!existsSync(out) && Date.now() < deadline) await Bun.sleep(100);
  process.stdout.write(
    existsSync(out) ? readFileSync(out, "utf8") : "the client in the pane did not finish\n",
  );
} finally {
  await server.stop();
  await killServer(tmux);
}
