// Replays one hook's recorded calls (e2e/fixtures/herdr/hook-calls.json) from inside a pane, as
// the hook made them: each socket request on its own connection to $HERDR_SOCKET_PATH, its
// first answer line read; each `herdr` command line run as the hook ran it ($HERDR_BIN_PATH, or
// `herdr` on PATH). The placeholders are filled from this pane's HERDR_* variables, the id
// afresh and a seq from the clock. Writes the answers to <results.json>, then lives
// <linger ms> as the hook's agent would. Usage: bun herdr-hook-replay.ts <fixture> <target>
// <results.json> <linger ms>.

import { renameSync, writeFileSync } from "node:fs";
import { openLine } from "../src/herdr/client.ts";
import type { Call } from "./herdr-hook-capture.ts";

const [fixture, target, results, linger] = process.argv.slice(2) as [string, string, string, string];
const { hooks } = (await Bun.file(fixture).json()) as { hooks: { target: string; calls: Call[] }[] };
const calls = hooks.find((hook) => hook.target === target)?.calls;
if (!calls) throw new Error(`no hook ${target} in ${fixture}`);

const env = process.env;
const places: Record<string, string> = {
  "{pane}": env.HERDR_PANE_ID ?? "",
  "{tab}": env.HERDR_TAB_ID ?? "",
  "{workspace}": env.HERDR_WORKSPACE_ID ?? "",
};
let n = 0;
/** A clock reading, later each call (as the hooks' clocks are), written as a bare number. */
const clock = (unit: string) =>
  unit === "{seq_ns}" ? `${BigInt(Date.now()) * 1_000_000n + BigInt(++n)}` : `${Date.now() + ++n}`;
const fill = (value: unknown): unknown => {
  if (typeof value === "string") return places[value] ?? value;
  if (Array.isArray(value)) return value.map(fill);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
  return value;
};

const answers: unknown[] = [];
for (const call of calls) {
  if ("socket" in call) {
    const { id: _id, ...request } = call.socket;
    const params = fill(request.params) as Record<string, unknown>;
    const seq =
      typeof params.seq === "string" && params.seq.startsWith("{seq_") ? clock(params.seq) : undefined;
    if (seq) params.seq = "{seq}";
    const line = JSON.stringify({ id: `replay_${n}_${target}`, ...request, params }).replace(
      '"{seq}"',
      seq ?? "",
    );
    const connection = await openLine(env.HERDR_SOCKET_PATH ?? "", line);
    connection.close();
    answers.push({ socket: connection.first });
  } else {
    const argv = (fill(call.cli.argv) as string[]).map((arg) => (arg.startsWith("{seq_") ? clock(arg) : arg));
    const program = call.cli.program === "herdr" ? "herdr" : (env.HERDR_BIN_PATH ?? "");
    const run = Bun.spawnSync([program, ...argv], { stdout: "pipe", stderr: "pipe" });
    answers.push({
      cli: { exit: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() },
    });
  }
}
writeFileSync(`${results}.tmp`, JSON.stringify(answers));
renameSync(`${results}.tmp`, results);
console.log(`${target}: replayed ${calls.length}`);
await Bun.sleep(Number(linger));
