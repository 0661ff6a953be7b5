// taw next on a real server: the blocked agent waiting longest first, then finished and unseen.

import { describe, expect, test } from "bun:test";
import { ROOT, type TestServer, useServers, waitFor } from "./harness.ts";

const server = useServers();
const TIMEOUT_MS = 60_000;

/** A background window whose pane has an agent in `state` since `since` (unix seconds). */
async function agentPane(s: TestServer, state: string, since: number, seen = "0"): Promise<string> {
  const id = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
  for (const [name, value] of [
    ["@agent_kind", "claude"],
    ["@agent_state", state],
    ["@agent_state_since", String(since)],
    ["@agent_seen", seen],
  ]) {
    await s.run("set-option", "-p", "-t", id, name ?? "", value ?? "");
  }
  return id;
}

const clientPane = async (s: TestServer) => (await s.run("list-clients", "-F", "#{pane_id}")).trim();

describe("taw next", () => {
  test(
    "prefix O lands on the pane blocked longest; again, on the next; then the unseen finished one",
    async () => {
      const s = await server({ width: 100, height: 30 });
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      await s.run("run-shell", `${ROOT}/assets/taw.tmux`);
      const now = Math.floor(Date.now() / 1000);
      const recent = await agentPane(s, "blocked", now - 10);
      const longest = await agentPane(s, "blocked", now - 100);
      await agentPane(s, "done", now - 500, "1");
      const unseen = await agentPane(s, "done", now - 50);
      await agentPane(s, "working", now - 1000);
      const outer = await server({
        width: 100,
        height: 30,
        command: `env -u TMUX tmux -L ${s.name} attach -t main`,
      });
      await waitFor(async () => (await clientPane(s)) !== "", 5000, "client attached");

      await outer.run("send-keys", "-t", "main", "C-b", "O");
      await waitFor(
        async () => (await clientPane(s)) === longest,
        10000,
        "client on the pane blocked longest",
      );

      const client = (await s.run("list-clients", "-F", "#{client_name}")).trim();
      const second = await s.taw(["next", "--json"], { TAW_CLIENT: client });
      expect(second.json?.result).toMatchObject({ tmux_id: recent, agent: { state: "blocked" }, client });
      expect(await clientPane(s)).toBe(recent);

      // Nobody blocked any more: the finished pane nobody has seen.
      await s.run("set-option", "-p", "-t", longest, "@agent_state", "working");
      await s.run("set-option", "-p", "-t", recent, "@agent_state", "working");
      const third = await s.taw(["next", "--json"], { TAW_CLIENT: client });
      expect(third.json?.result).toMatchObject({ tmux_id: unseen, agent: { state: "done" } });
      expect(await clientPane(s)).toBe(unseen);
    },
    TIMEOUT_MS,
  );

  test(
    "next, agent get, agent list and pane get give one pane the same fields with the same values",
    async () => {
      const s = await server({ width: 100, height: 30 });
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      await server({ command: `env -u TMUX tmux -L ${s.name} attach -t main` });
      await waitFor(async () => (await clientPane(s)) !== "", 5000, "client attached");
      const blocked = await agentPane(s, "blocked", Math.floor(Date.now() / 1000) - 10);
      await s.run("set-option", "-p", "-t", blocked, "@agent_name", "api");

      const next = (await s.taw(["next", "--json"])).json?.result;
      expect(next.tmux_id).toBe(blocked);
      expect(await clientPane(s)).toBe(blocked);
      const agent = (await s.taw(["agent", "get", next.pane_id, "--json"])).json?.result;
      const listed = (await s.taw(["agent", "list", "--json"])).json?.result;
      const inList = listed.find((record: { tmux_id: string }) => record.tmux_id === blocked);
      const pane = (await s.taw(["pane", "get", next.pane_id, "--json"])).json?.result;
      expect(pane).toMatchObject({
        tmux_id: blocked,
        visible: true,
        agent: { name: "api", state: "blocked" },
      });
      // pane get's record is the shared part: every one of its fields, the same in all four.
      for (const record of [next, agent, inList]) {
        for (const [field, value] of Object.entries(pane))
          expect([field, record[field]]).toEqual([field, value]);
      }
    },
    TIMEOUT_MS,
  );

  test(
    "nobody needs you: a message, and nothing moves",
    async () => {
      const s = await server();
      await agentPane(s, "working", 1);
      const before = (await s.run("display-message", "-p", "#{window_index}")).trim();
      const result = await s.taw(["next"]);
      expect(result.code).toBe(0);
      expect(result.stdout.trim()).toBe("nobody needs you");
      expect((await s.run("display-message", "-p", "#{window_index}")).trim()).toBe(before);
    },
    TIMEOUT_MS,
  );
});
