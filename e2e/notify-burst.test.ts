// The notifier in this process against a real server, fed synthetic engine events: bursts
// collapse, a pane that left the state is dropped, one notification per transition.

import { describe, expect, test } from "bun:test";
import { defaultConfig } from "../src/config/defaults.ts";
import { createNotifier } from "../src/notify/index.ts";
import type { TransitionEvent } from "../src/notify/types.ts";
import { attachedClient, type TestServer, useServers } from "./harness.ts";

const server = useServers();
const TIMEOUT_MS = 60_000;

/** Background panes (window 1+) with an agent in `state`, as the engine would have written them. */
async function agentPanes(s: TestServer, states: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, state] of states.entries()) {
    const id = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
    await s.run("set-option", "-p", "-t", id, "@agent_kind", index % 2 ? "codex" : "claude");
    await s.run("set-option", "-p", "-t", id, "@agent_state", state);
    ids.push(id);
  }
  return ids;
}

const changed = (tmuxId: string, to: string, at: number): TransitionEvent => ({
  kind: "pane.agent_status_changed",
  pane: `w0:p${tmuxId.slice(1)}`,
  tmux_id: tmuxId,
  agent: "claude",
  from: "working",
  to,
  rule: "test",
  at,
});

describe("notifier bursts", () => {
  test(
    "four transitions due together are one notification; a pane no longer in that state is left out",
    async () => {
      const s = await server();
      // The client the message goes to: a terminal attached to the server (a control-mode
      // client is nobody looking, and is sent nothing).
      await attachedClient(server, s);
      const config = defaultConfig();
      config.notify.terminal = "off";
      const notifier = createNotifier(config, s.tmux);
      const panes = await agentPanes(s, ["blocked", "blocked", "blocked", "done", "working"]);
      const at = Date.now() - 5000;
      notifier.onEvents(undefined, [
        ...panes.slice(0, 3).map((id) => changed(id, "blocked", at)),
        changed(panes[3] ?? "", "done", at),
        // Became blocked, but is working again by the time it is due.
        changed(panes[4] ?? "", "blocked", at),
      ]);
      const delivered = await notifier.flush();
      expect(delivered?.text).toBe(
        "taw: 3 agents need you, 1 finished: claude (main:1), codex (main:2), claude (main:3), codex (main:4)",
      );
      expect(delivered?.tmuxMessage).toHaveLength(1);
      const shown = await notifier.flush();
      expect(shown).toBeUndefined();
      notifier.dispose();
    },
    TIMEOUT_MS,
  );
});
