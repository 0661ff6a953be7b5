// A sandbox's end: the record shows {profile, runtime} while the agent runs in it, and when the
// profile's process ends (no container left in front) the engine clears @agent_sandbox* and
// says so with a pane.sandbox_ended event.

import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { eventsFile } from "../src/watch/events.ts";
import { option } from "./fake-agent/helpers.ts";
import { prepareScene, type Scene } from "./fake-agent-min/setup.ts";
import { useServers, waitFor } from "./harness.ts";

const server = useServers();
const scenes: Scene[] = [];
afterEach(() => {
  for (const scene of scenes.splice(0)) scene.cleanup();
});

test("the sandbox shows in agent get while it runs, and its marks go when it ends", async () => {
  const s = await server();
  const sc = await prepareScene(s);
  scenes.push(sc);
  await s.taw(["engine"], sc.env);
  try {
    const started = await s.taw(["agent", "start", "--kind", "claude", "--sandbox", "box", "--json"], sc.env);
    const pane = started.json?.result.tmux_id as string;
    const record = await waitFor(
      async () => {
        const got = (await s.taw(["agent", "get", pane, "--json"], sc.env)).json?.result;
        return got?.agent?.sandbox?.runtime ? got.agent : undefined;
      },
      15_000,
      "the sandbox in the record",
    );
    expect(record.sandbox).toEqual({ profile: "box", runtime: "docker" });
    process.kill(Number(await option(s, pane, "@agent_sandbox_pid")), "SIGTERM");
    await waitFor(
      async () =>
        (await option(s, pane, "@agent_sandbox")) === "" &&
        (await option(s, pane, "@agent_sandbox_pid")) === "",
      15_000,
      "@agent_sandbox and @agent_sandbox_pid to go",
    );
    expect(await option(s, pane, "@agent_kind")).toBe("");
    // Its end is an event of its own, naming the profile.
    const events = eventsFile(s.tmux.describeSocket(sc.env), sc.env);
    const ended = await waitFor(
      () =>
        readFileSync(events, "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line))
          .find((event) => event.kind === "pane.sandbox_ended"),
      5000,
      "pane.sandbox_ended in the events file",
    );
    // While it ran, the agent's own events named the sandbox too.
    const lines = readFileSync(events, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const detected = lines.find((event) => event.tmux_id === pane && event.kind === "pane.agent_detected");
    expect(detected?.sandbox).toEqual({ profile: "box", runtime: "docker" });
    expect(ended).toMatchObject({
      tmux_id: pane,
      sandbox: { profile: "box", runtime: null },
      rule: "sandbox_exited",
      to: null,
    });
  } finally {
    await s.taw(["engine", "stop"], sc.env);
  }
}, 40_000);
