// herdr's agent view on a real server: `taw agent view set|show|clear` and the socket's
// agent.view.set / agent.view.clear keep one projection on the tmux server, a bad query is
// refused with what is wrong and changes nothing, a clear by another source leaves the view,
// and a dashboard's Agents view shows through it live (its header names it), back to every
// agent once it is cleared.

import { expect, test } from "bun:test";
import { HERDR_EXAMPLE_VIEW } from "../src/agent-view/herdr-example.ts";
import { call } from "../src/herdr/client.ts";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { type TestServer, useServers } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";
import { claimForTest, optionAgent } from "./option-agent.ts";

const start = useServers();
const TEST_MS = 40_000;

const ATTENTION = JSON.stringify({
  source: "me",
  label: "attention",
  filter: { op: "in", field: "status", values: ["blocked", "done"] },
  sort: [{ field: "attention", order: "desc" }],
});

const agentPane = (s: TestServer, name: string, state: string) => optionAgent(s, { name, state });

test(
  "taw agent view: set, show, a refused query, a clear by another source, and the dashboard through it",
  async () => {
    const s = await start();
    // Claimed by this test: the dashboard reads the options (no engine of its own).
    await claimForTest(s);
    await agentPane(s, "alpha", "working");
    await agentPane(s, "bravo", "blocked");
    await agentPane(s, "charlie", "done");
    const dash = await openDashboard(s);
    await screenShows(
      s,
      dash,
      (t) => ["alpha", "bravo", "charlie"].every((n) => t.includes(n)),
      "every agent",
    );

    const set = await s.taw(["agent", "view", "set", ATTENTION, "--json"]);
    expect(set.code).toBe(0);
    expect(set.json?.result).toEqual({ type: "agent_view", active: true, source: "me", label: "attention" });
    const shown = await screenShows(
      s,
      dash,
      (t) => t.includes("view: attention") && !t.includes("alpha"),
      "the view in the dashboard",
    );
    expect(shown.indexOf("bravo")).toBeLessThan(shown.indexOf("charlie"));
    expect(shown).toContain("⏵ 1 working"); // the counts still see every agent

    // A bad query: a usage error saying what is wrong; the view in force stays.
    const bad = await s.taw([
      "agent",
      "view",
      "set",
      '{"source":"me","filter":{"op":"eq","field":"status","value":"asleep"}}',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown agent status "asleep"');
    expect(bad.stderr).not.toContain("    at ");
    const notJson = await s.taw(["agent", "view", "set", "{oops"]);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain("not JSON");
    const still = await s.taw(["agent", "view", "show", "--json"]);
    expect(still.json?.result).toMatchObject({ active: true, source: "me", view: JSON.parse(ATTENTION) });

    // Another source's clear leaves it; the owner's clears it, and every agent is back.
    const other = await s.taw(["agent", "view", "clear", "--source", "someone-else", "--json"]);
    expect(other.json?.result).toEqual({
      type: "agent_view",
      active: true,
      source: "me",
      label: "attention",
    });
    const cleared = await s.taw(["agent", "view", "clear", "--source", "me", "--json"]);
    expect(cleared.json?.result).toEqual({ type: "agent_view", active: false });
    await screenShows(
      s,
      dash,
      (t) => ["alpha", "bravo", "charlie"].every((n) => t.includes(n)) && !t.includes("view: "),
      "every agent again",
    );
    expect((await s.run("show-options", "-gqv", "@agent_wizard_view")).trim()).toBe("");
  },
  TEST_MS,
);

test(
  "the socket's agent.view.set / agent.view.clear, in herdr's answer shape",
  async () => {
    const s = await start();
    const { path, proc } = await engineWithSocket(s);
    try {
      const params = HERDR_EXAMPLE_VIEW;

      const set = await call(path, "agent.view.set", params);
      expect(set.result).toEqual({
        type: "agent_view",
        active: true,
        source: "plugin:example.agent-views",
        label: "focus",
      });
      expect(JSON.parse((await s.run("show-options", "-gqv", "@agent_wizard_view")).trim())).toEqual(params);

      const bad = await call(path, "agent.view.set", { source: "x", sort: [{ field: "colour" }] });
      expect(bad.error).toMatchObject({ code: "invalid_params" });
      expect(bad.error?.message).toContain("unknown sort field");
      expect((await call(path, "agent.view.clear", { source: "nobody" })).result).toMatchObject({
        active: true,
      });
      expect((await call(path, "agent.view.clear", {})).result).toEqual({
        type: "agent_view",
        active: false,
      });
    } finally {
      proc.kill();
      await proc.exited;
    }
  },
  TEST_MS,
);
