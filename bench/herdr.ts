// The round trip of taw's herdr socket, as a client sees it: connect, one request line, the
// answer, close. `ping` is the socket's floor; `pane.report_agent` runs the report verb (one
// tmux invocation) behind it. Target: p50 ≤ 5 ms, far under a CLI call (bench/hook.ts).
// Prints figures; asserts nothing.  Run: bun bench/herdr.ts [calls]

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../src/herdr/client.ts";
import { HerdrServer } from "../src/herdr/server.ts";
import { socketPath } from "../src/herdr/socket-dir.ts";
import { benchServer, killServer, ms, percentile } from "./servers.ts";

const CALLS = Number(process.argv[2] ?? 200);

async function series(label: string, run: (index: number) => Promise<void>) {
  const times: number[] = [];
  for (let index = 0; index < CALLS; index++) {
    const start = performance.now();
    await run(index);
    times.push(performance.now() - start);
  }
  console.log(
    `${label.padEnd(20)} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  (${CALLS} calls)`,
  );
}

const tmux = await benchServer(1, `taw-bench-herdr-${process.pid}`);
const env = { XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "taw-bench-run-")) };
const server = new HerdrServer({
  path: socketPath(tmux.describeSocket(), env),
  ctx: { tmux, env },
  events: () => () => {},
});
try {
  await server.start();
  const pane = (await tmux.run(["display-message", "-p", "#{pane_id}"])).trim();
  await series("ping", async () => {
    await call(server.path, "ping");
  });
  await series("pane.report_agent", async (index) => {
    const answer = await call(server.path, "pane.report_agent", {
      pane_id: pane,
      source: "bench",
      agent: "claude",
      state: index % 2 ? "idle" : "working",
      seq: index + 1,
    });
    if (answer.error) throw new Error(answer.error.message);
  });
} finally {
  await server.stop();
  await killServer(tmux);
}
