// The roster: a pane that ended while no engine ran gets its pane.closed when one comes back,
// whether its program ended (the plugin's pane-exited hook recorded it) or it was killed (the
// engine's roster file named it).

import { expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cue, fakeAgentDir, stateIs } from "./fake-agent/helpers.ts";
import { useServers, waitFor } from "./harness.ts";

const server = useServers();
const agents = fakeAgentDir();

test("panes that ended while no engine ran are closed by the engine that comes back", async () => {
  const s = await server();
  const env = { TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-roster-")) };
  await s.run("set-option", "-g", "@agent-wizard-watch", "off");
  expect((await s.taw(["tmux", "install"], env)).code).toBe(0);
  expect((await s.taw(["engine"], env)).code).toBe(0);
  const agent = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", `${agents}/claude`)).trim();
  const killed = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
  await stateIs(s, agent, "idle", 15_000);
  expect((await s.taw(["engine", "stop"], env)).code).toBe(0);
  // With no engine: the agent ends (its pane with it), the other pane is killed.
  await cue(s, agent, "exit");
  await waitFor(
    async () => !(await s.run("list-panes", "-a", "-F", "#{pane_id}")).includes(agent),
    5000,
    "gone",
  );
  await s.run("kill-pane", "-t", killed);
  expect((await s.run("show-options", "-gqv", "@agent_wizard_exited")).trim()).toBe(agent);
  expect((await s.taw(["engine"], env)).code).toBe(0);
  const closed = await waitFor(
    () => {
      const dir = join(env.TAW_STATE_DIR, "events");
      const text = readdirSync(dir)
        .map((name) => readFileSync(join(dir, name), "utf8"))
        .join("");
      const events = text
        .split("\n")
        .filter(Boolean)
        .map(
          (line) => JSON.parse(line) as { kind: string; tmux_id: string; agent: string | null; rule: string },
        )
        .filter((event) => event.kind === "pane.closed" && event.rule === "roster");
      return events.length >= 2 ? events : undefined;
    },
    8000,
    "pane.closed of both panes",
  );
  expect(closed.map((event) => [event.tmux_id, event.agent]).sort()).toEqual(
    [
      [agent, "claude"],
      [killed, null],
    ].sort(),
  );
  await waitFor(
    async () => (await s.run("show-options", "-gqv", "@agent_wizard_exited")).trim() === "",
    3000,
    "the hook's list emptied",
  );
  await s.taw(["engine", "stop"], env);
}, 40_000);
