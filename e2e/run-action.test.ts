// taw run <action> on a real server: the dashboard's actions by name, outside it. An action
// on one agent needs --agent and acts on exactly that pane; one that asks for input is
// refused with nothing changed; next jumps to the agent that most needs you.

import { expect, test } from "bun:test";
import { paneFormat } from "./dashboard-helpers.ts";
import { type TestServer, useServers } from "./harness.ts";
import { optionAgent } from "./option-agent.ts";

const start = useServers();

const agentPane = (s: TestServer, name: string, state: string) =>
  optionAgent(s, { name, state, seen: false });

test("taw run: the list, an action on an exact agent, refusals that change nothing, next", async () => {
  const s = await start();
  const alpha = await agentPane(s, "alpha", "done");
  const bravo = await agentPane(s, "bravo", "blocked");

  const listed = await s.taw(["run", "--list", "--json"]);
  expect(listed.code).toBe(0);
  expect(listed.json?.result.actions).toContainEqual(
    expect.objectContaining({ action: "seen", needs_agent: true }),
  );
  expect(listed.json?.result.actions).toContainEqual(
    expect.objectContaining({ action: "next", needs_agent: false }),
  );

  // No target named: refused, and no agent marked.
  const guess = await s.taw(["run", "seen"]);
  expect(guess.code).toBe(2);
  expect(guess.stderr).toContain("--agent");
  expect(await paneFormat(s, alpha, "#{@agent_seen}#{@agent_seen}")).toBe("00");

  const seen = await s.taw(["run", "seen", "--agent", "alpha", "--json"]);
  expect(seen.json?.result).toEqual({ action: "seen", message: "marked alpha seen" });
  expect(await paneFormat(s, alpha, "#{@agent_seen}")).toBe("1");
  expect(await paneFormat(s, bravo, "#{@agent_seen}")).toBe("0");

  // A pane with no agent, an action that asks for input, one taw does not know.
  const plain = (await s.run("display-message", "-p", "-t", "main:0.0", "#{pane_id}")).trim();
  const noAgent = await s.taw(["run", "seen", "--agent", plain]);
  expect(noAgent.code).toBe(1);
  expect(noAgent.stderr).toContain("runs no agent");
  const asks = await s.taw(["run", "rename", "--agent", "alpha"]);
  expect(asks.code).toBe(2);
  expect(asks.stderr).toContain("works only in the dashboard");
  expect((await s.taw(["run", "fly"])).stderr).toContain("unknown action 'fly'");

  // next: the blocked agent's window and pane become the active ones.
  expect(await paneFormat(s, bravo, "#{window_active}")).toBe("0");
  const next = await s.taw(["run", "next"]);
  expect(next.code).toBe(0);
  expect(await paneFormat(s, bravo, "#{window_active}#{pane_active}")).toBe("11");
});
