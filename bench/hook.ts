// The wall time of one agent hook call: the hook line taw's installers write (hookLine), run
// as an agent runs it (sh -c, the hook's JSON on stdin, $TMUX_PANE), alternating working and
// idle reports, against an isolated tmux server. Beside it, the floors a hook with no Bun would pay:
// one tmux invocation from sh, and Bun starting to do nothing.
// Prints figures; asserts nothing.  Run: bun bench/hook.ts [calls]

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hookLine } from "../src/integration/hook-command.ts";
import { benchServer, killServer, ms, percentile } from "./servers.ts";

const CALLS = Number(process.argv[2] ?? 30);
const TARGET_MS = 40;
const TAW = resolve(import.meta.dir, "../bin/taw");
const name = `taw-bench-hook-${process.pid}`;

async function time(argv: string[], env: Record<string, string>, stdin: string): Promise<number> {
  const start = performance.now();
  const proc = Bun.spawn(argv, {
    env,
    stdin: new TextEncoder().encode(stdin),
    stdout: "ignore",
    stderr: "ignore",
  });
  await proc.exited;
  return performance.now() - start;
}

async function series(label: string, run: (index: number) => Promise<number>) {
  const times: number[] = [];
  for (let index = 0; index < CALLS; index++) times.push(await run(index));
  console.log(
    `${label.padEnd(34)} p50 ${ms(percentile(times, 50)).padStart(10)}   p95 ${ms(percentile(times, 95)).padStart(10)}`,
  );
  return times;
}

const home = mkdtempSync(join(tmpdir(), "taw-bench-hook-"));
const tmux = await benchServer(1, name);
try {
  const lines = (["working", "idle"] as const).map((state) =>
    hookLine(TAW, { agent: "claude", verb: "report-agent", state }),
  );
  const pane = (await tmux.run(["display-message", "-p", "-t", "bench", "#{pane_id}"])).trim();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    TMUX_PANE: pane,
    TAW_TMUX_NAME: name,
  };
  const input = JSON.stringify({ session_id: "bench-session", transcript_path: "/tmp/bench.jsonl" });

  console.log(`taw bench/hook: ${CALLS} calls each, target p50 ≤ ${TARGET_MS} ms for the hook`);
  const hook = await series("hook (sh → taw report, working/idle)", (index) =>
    time(["sh", "-c", lines[index % 2] as string], env, input),
  );
  await series("floor: sh → one tmux call", () =>
    time(["sh", "-c", `tmux -L ${name} display-message -p -t '${pane}' '#{pane_id}'`], env, ""),
  );
  await series("floor: Bun starting, doing nothing", () => time([process.execPath, "-e", "0"], env, ""));
  const state = (await tmux.run(["show-options", "-pqv", "-t", pane, "@agent_source"])).trim();
  console.log(`pane's @agent_source after the calls: ${state || "(none: the hook did not report)"}`);
  console.log(percentile(hook, 50) <= TARGET_MS ? "hook within target" : "hook ABOVE target");
} finally {
  await killServer(tmux);
  rmSync(home, { recursive: true, force: true });
}
