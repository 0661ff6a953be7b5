// An engine at rest asks tmux (almost) nothing: while no pane prints and nobody types, the
// tmux server reads nothing, and the engine, which watches the server's read counters, starts
// no tmux process but the full listing every 10 s (the command lines that listing makes the
// server read are the engine's own, not a pane's output: no probe follows). The first output
// after the quiet spell is still read at once. tmux processes are counted by a shim on the
// engine's PATH, as bench/engine.ts counts them.

import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tmuxShim } from "../bench/tmux-shim.ts";
import { agentWindow, cue, fakeAgentDir, stateIs } from "./fake-agent/helpers.ts";
import { spawnTaw, useServers } from "./harness.ts";

const server = useServers();
const agents = fakeAgentDir();
const REST_S = 6;

test("at rest the engine starts at most one tmux process a second, and still sees the next screen change at once", async () => {
  const s = await server();
  const shim = tmuxShim();
  const env = s.env({ TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-rest-")) });
  const engine = spawnTaw(["engine", "--foreground"], { ...env, PATH: `${shim.dir}:${env.PATH}` });
  try {
    const pane = await agentWindow(s, agents);
    await stateIs(s, pane, "idle", 15_000);
    // The verdict's hold and its writes are over.
    await Bun.sleep(1500);
    const before = shim.calls();
    await Bun.sleep(REST_S * 1000);
    // A tick of the old design asked tmux every 300 ms: 20 processes here. With a probe after
    // each listing, 2 whenever the listing fell in the window.
    expect(shim.calls() - before).toBeLessThanOrEqual(1);
    const cued = performance.now();
    await cue(s, pane, "blocked");
    await stateIs(s, pane, "blocked", 5000);
    expect(performance.now() - cued).toBeLessThan(2000);
  } finally {
    engine.kill("SIGTERM");
    await engine.exited;
  }
}, 40_000);
