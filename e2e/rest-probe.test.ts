// A resting engine asks tmux only its small probe (src/watch/probe.ts) and takes the full
// listing at least every 2.5 s. An agent's own report moves the probe's nudge, so a hook's
// state reaches the engine at its next tick, not at the next full listing.

import { expect, test } from "bun:test";
import { option, startEngine } from "./fake-agent/helpers.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";

const server = useServers();

const rail = async (s: TestServer) =>
  (await s.run("show-options", "-gqv", "@agent_wizard_status_ascii")).trim();

test("a report reaches a resting engine within a tick or two, every time", async () => {
  const s = await server();
  const engine = startEngine(s);
  try {
    const pane = (await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}", "sh")).trim();
    await s.run("send-keys", "-t", pane, "-l", "sleep 60");
    await s.run("send-keys", "-t", pane, "Enter");
    const report = (state: string) =>
      s.taw([
        ...`pane report-agent --source probe-test --agent opencode --state ${state}`.split(" "),
        "--pane",
        pane,
      ]);
    await report("idle");
    await waitFor(async () => (await option(s, pane, "@agent_kind")) === "opencode", 8000, "the agent taken");
    const delays: number[] = [];
    for (const state of ["working", "idle", "working"]) {
      // Quiet for longer than a tick: the engine rests on its probe.
      await Bun.sleep(1200);
      const sent = performance.now();
      await report(state);
      const shows = async () => (await rail(s)).includes("W1") === (state === "working");
      await waitFor(shows, 5000, `the rail ${state === "working" ? "with" : "without"} W1`);
      delays.push(performance.now() - sent);
    }
    // Without the nudge each would wait for the next full listing, up to 2.5 s away.
    for (const delay of delays) expect(delay).toBeLessThan(1200);
  } finally {
    await engine.stop();
  }
}, 40_000);
