// The typed-line mark: `taw agent start` into a pane another agent left marks the row it
// typed the command on, and the engine reads only what is drawn below it until the new
// program has drawn (over the line, or past it). The last occupant's screen, still there,
// is never read as the new agent's: a blocked prompt left behind does not make it blocked.

import { afterEach, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { cue, fakeAgentDir, option, useEngines } from "./fake-agent/helpers.ts";
import { useServers, waitFor } from "./harness.ts";

const server = useServers();
const engine = useEngines();
const agents = fakeAgentDir();
const AGENT = resolve(import.meta.dir, "fake-agent", "agent.ts");
/** How long the slow agent takes to draw anything: well past the startup grace (3 s). */
const SLOW_MS = 6500;

/** A `claude` that, like a real one on a cold start, draws nothing for a while. */
function slowAgentDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "taw-slow-agent-"));
  const path = join(dir, "claude");
  writeFileSync(
    path,
    `#!${process.execPath}\nawait Bun.sleep(${SLOW_MS});\nawait import(${JSON.stringify(AGENT)});\n`,
  );
  chmodSync(path, 0o755);
  return dir;
}

const slow = slowAgentDir();
const spawnedAt: number[] = [];
afterEach(() => {
  spawnedAt.length = 0;
});

test("an agent started where another left a blocked screen is not read off that screen", async () => {
  const s = await server({ width: 100, height: 30 });
  const stateDir = mkdtempSync(join(tmpdir(), "taw-typed-"));
  engine(s, stateDir);
  const env = { TAW_STATE_DIR: stateDir };
  // The pane's shell finds the slow claude first on PATH; the last occupant is typed by path.
  const pane = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
  await s.run("send-keys", "-t", pane, "-l", `export PATH=${slow}:$PATH`);
  await s.run("send-keys", "-t", pane, "Enter");
  await s.run("send-keys", "-t", pane, "-l", `${agents}/claude`);
  await s.run("send-keys", "-t", pane, "Enter");
  await waitFor(async () => (await option(s, pane, "@agent_kind")) === "claude", 10_000, "the first claude");
  await cue(s, pane, "blocked");
  await waitFor(async () => (await option(s, pane, "@agent_state")) === "blocked", 10_000, "blocked");
  await cue(s, pane, "exit");
  await waitFor(async () => (await option(s, pane, "@agent_kind")) === "", 15_000, "the first claude gone");
  const left = await s.run("capture-pane", "-p", "-t", pane);
  expect(left).toContain("Do you want");

  const started = await s.taw(["agent", "start", "--kind", "claude", "--pane", pane, "--json"], env);
  expect(started.json?.error).toBeUndefined();
  expect(await option(s, pane, "@agent_typed_line")).not.toBe("");
  // Until the slow agent draws, its state is never the old screen's.
  const seen = new Set<string>();
  const until = Date.now() + SLOW_MS - 1000;
  while (Date.now() < until) {
    seen.add(await option(s, pane, "@agent_state"));
    await Bun.sleep(150);
  }
  expect(await option(s, pane, "@agent_kind")).toBe("claude");
  expect([...seen]).not.toContain("blocked");
  // Once it draws, it is read as it is, and the mark goes.
  await waitFor(
    async () => (await option(s, pane, "@agent_state")) === "idle",
    10_000,
    "the new claude idle",
  );
  await waitFor(async () => (await option(s, pane, "@agent_typed_line")) === "", 5000, "the mark gone");
  await cue(s, pane, "blocked");
  await waitFor(
    async () => (await option(s, pane, "@agent_state")) === "blocked",
    10_000,
    "the new claude blocked",
  );
}, 60_000);
