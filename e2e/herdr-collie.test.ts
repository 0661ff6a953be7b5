// Collie against taw's herdr socket: every request Collie v1 (HerdrClient + HerdrMux) and Collie
// 0.32 (bridge/herdr-client.ts) send, written from their source into
// e2e/fixtures/herdr/collie-v1.json and collie-032.json, replayed in order against a real engine
// with a real agent pane, from outside every pane and under the program name Collie runs as
// (`collie` for v1's compiled program, `bun` for 0.32's `bun run bridge/index.ts`), granted as
// docs/HERDR.md says. Every request is answered and every field Collie reads is there with its
// type; what Collie takes as "gone" (pane_not_found, tab_not_found, workspace_not_found) is
// answered so, naming the id it sent.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentWindow, fakeAgentDir, option } from "./fake-agent/helpers.ts";
import { ROOT, type TestServer, useServers, waitFor } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";
import { type Expected, fillValue, problems } from "./herdr-fixtures.ts";

const TEST_MS = 60_000;
const server = useServers();
const agents = fakeAgentDir();
const FIXTURES = join(import.meta.dir, "fixtures", "herdr");
const BUN = realpathSync(join(ROOT, "node_modules", ".bin", "bun"));

interface Fixture {
  grant: string[];
  requests: Expected[];
}

/** A fake claude in its own window, known to the engine; its public id and its session's. */
async function agentPane(s: TestServer) {
  const pane = await agentWindow(s, agents);
  await waitFor(
    async () => (await option(s, pane, "@agent_kind")) === "claude" || undefined,
    10_000,
    "claude",
  );
  const session = (await s.run("display-message", "-p", "-t", pane, "#{session_id}")).trim().slice(1);
  // History above the screen, so the pane has something to scroll.
  await s.run("send-keys", "-t", "main:0", "-l", "seq 1 200");
  await s.run("send-keys", "-t", "main:0", "Enter");
  return { AGENT_PANE: `w${session}:p${pane.slice(1)}`, WORKSPACE: `w${session}`, CWD: tmpdir() };
}

/** Replays `name` as the program `program` (a link to bun of that name) with `config` as config.toml. */
async function replay(name: string, program: string, config: string) {
  const s = await server();
  const dir = mkdtempSync(join(tmpdir(), "taw-collie-"));
  writeFileSync(join(dir, "config.toml"), config);
  const { path, proc } = await engineWithSocket(s, { TAW_CONFIG_DIR: dir });
  try {
    const vars = await agentPane(s);
    const runner = program === "bun" ? BUN : join(dir, program);
    if (runner !== BUN) symlinkSync(BUN, runner);
    const file = join(FIXTURES, name);
    const run = Bun.spawn([runner, join(FIXTURES, "replay.ts"), path, file, JSON.stringify(vars)], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err] = [await new Response(run.stdout).text(), await new Response(run.stderr).text()];
    expect({ exit: await run.exited, err }).toEqual({ exit: 0, err: "" });
    const answered = JSON.parse(out) as { answers: Record<string, unknown>[]; vars: Record<string, string> };
    const fixture = JSON.parse(readFileSync(file, "utf8")) as Fixture;
    const found = fixture.requests.map((request, i) =>
      problems(fillValue(request, answered.vars) as Expected, answered.answers[i] ?? {}),
    );
    const good = found.filter((lines) => lines.length === 0).length;
    console.log(
      `${name}: ${good} of ${fixture.requests.length} requests answered with every field Collie reads`,
    );
    expect(found.flat()).toEqual([]);
    // What it created and closed is gone; its typed line ran in a shell.
    expect(await s.sessionNames()).toEqual(["main"]);
    return fixture;
  } finally {
    proc.kill();
    await proc.exited;
  }
}

/** Each Collie, the program name it runs as, the grant docs/HERDR.md gives it, and how many requests it sends at least. */
const COLLIES = [
  { fixture: "collie-v1.json", what: "Collie v1 (bin/collie, README's grant)", program: "collie", least: 40 },
  { fixture: "collie-032.json", what: "Collie 0.32 (`bun run bridge/index.ts`)", program: "bun", least: 25 },
];

describe("Collie's herdr client, unchanged, against taw", () => {
  for (const collie of COLLIES)
    test(
      `${collie.what}: every request answered, every field it reads there, gone is gone (granted as '${collie.program}')`,
      async () => {
        const grant = `[herdr.grants]\n${collie.program} = ["read", "write", "respond", "admin"]\n`;
        const fixture = await replay(collie.fixture, collie.program, grant);
        expect(fixture.requests.length).toBeGreaterThanOrEqual(collie.least);
      },
      TEST_MS,
    );
});
