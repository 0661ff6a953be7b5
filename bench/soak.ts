// The soak run, by hand: `bun bench/soak.ts` (a few minutes) or `bun bench/soak.ts --long`
// (1000 agent cycles over 30 panes, 500 panes for 10 minutes: an hour or more). Each scenario
// of e2e/soak/scenarios.ts runs the installed taw against its own tmux server, and its
// figures are printed as they come. The CI-sized run is e2e/soak/soak.test.ts.

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installFakeAgent } from "../e2e/fake-agent/install.ts";
import { startServer, type TestServer } from "../e2e/harness.ts";
import { agentCycles, fuzz, growth, moves, refuseWrites, reportStorm } from "../e2e/soak/scenarios.ts";

const long = process.argv.includes("--long");
/** `--only cycles,growth` runs those scenarios; `--growth-seconds N` shortens the growth run. */
const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const only = flag("--only")?.split(",");
const runs = (name: string) => !only || only.includes(name);
const size = long
  ? { panes: 30, cyclesPerPane: 34, growthPanes: 500, growthSeconds: 600, reportSeconds: 20, fuzzTexts: 200 }
  : { panes: 10, cyclesPerPane: 4, growthPanes: 100, growthSeconds: 60, reportSeconds: 5, fuzzTexts: 40 };
if (flag("--growth-seconds")) size.growthSeconds = Number(flag("--growth-seconds"));

const agents = mkdtempSync(join(tmpdir(), "taw-soak-agent-"));
installFakeAgent(agents, "claude");

async function withEngine<T>(
  run: (s: TestServer, env: Record<string, string>, pid: number) => Promise<T>,
): Promise<T> {
  const s = await startServer({ width: 200, height: 50 });
  const stateDir = mkdtempSync(join(tmpdir(), "taw-soak-"));
  const env = { TAW_STATE_DIR: stateDir };
  try {
    await s.taw(["engine"], env);
    const pid = Number((await s.taw(["engine", "status", "--json"], env)).json?.result.pid ?? 0);
    return await run(s, env, pid);
  } finally {
    await s.taw(["engine", "stop"], env);
    await s.kill();
  }
}

const print = (name: string, figures: unknown) => console.log(`${name.padEnd(8)} ${JSON.stringify(figures)}`);

if (runs("cycles"))
  print(
    "cycles",
    await withEngine((s, env) =>
      agentCycles(s, agents, env.TAW_STATE_DIR as string, size.panes, size.cyclesPerPane),
    ),
  );
if (runs("growth"))
  print(
    "growth",
    await withEngine((s, _env, pid) => growth(s, pid, size.growthPanes, size.growthSeconds, agents)),
  );
if (runs("reports"))
  print("reports", await withEngine((s, env) => reportStorm(s, env, agents, 50, size.reportSeconds)));
if (runs("fuzz")) print("fuzz", await withEngine((s, env) => fuzz(s, env, agents, size.fuzzTexts)));
if (runs("moves"))
  print(
    "moves",
    await withEngine(async (s, env) =>
      moves(s, agents, async () =>
        Number((await s.taw(["engine", "status", "--json"], env)).json?.result.pid ?? 0),
      ),
    ),
  );
// The server killed under the engine: how long until the engine is gone, and what it said.
if (runs("killsrv")) {
  const s = await startServer();
  const stateDir = mkdtempSync(join(tmpdir(), "taw-soak-"));
  await s.taw(["engine"], { TAW_STATE_DIR: stateDir });
  const pid = Number(
    (await s.taw(["engine", "status", "--json"], { TAW_STATE_DIR: stateDir })).json?.result.pid,
  );
  const killed = Date.now();
  await s.kill();
  while (Date.now() - killed < 10_000) {
    try {
      process.kill(pid, 0);
      await Bun.sleep(20);
    } catch {
      break;
    }
  }
  const stderr = readFileSync(join(stateDir, "logs", "engine.stderr.log"), "utf8").trim();
  print("killsrv", { exitMs: Date.now() - killed, stderr: stderr || "(empty)" });
}
// A state folder that refuses writes: the engine goes on detecting, says why, recovers.
if (runs("readonly"))
  print(
    "readonly",
    await withEngine(async (s, env) => {
      const dir = env.TAW_STATE_DIR as string;
      const pane = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", `${agents}/claude`)).trim();
      const state = async () => (await s.run("display-message", "-p", "-t", pane, "#{@agent_state}")).trim();
      while ((await state()) !== "idle") await Bun.sleep(100);
      const restore = refuseWrites(dir);
      const started = Date.now();
      await s.run("send-keys", "-t", pane, "-l", "blocked");
      await s.run("send-keys", "-t", pane, "Enter");
      while ((await state()) !== "blocked" && Date.now() - started < 10_000) await Bun.sleep(50);
      const detectedMs = Date.now() - started;
      const detected = await state();
      const said = (await s.run("show-options", "-gqv", "@agent_wizard_engine_error")).trim();
      restore();
      await s.run("send-keys", "-t", pane, "-l", "working");
      await s.run("send-keys", "-t", pane, "Enter");
      const back = Date.now();
      while (
        (await s.run("show-options", "-gqv", "@agent_wizard_engine_error")).trim() &&
        Date.now() - back < 10_000
      )
        await Bun.sleep(50);
      return { detectedMs, detected, said, recoveredMs: Date.now() - back };
    }),
  );
process.exit(0);
