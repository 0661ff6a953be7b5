// taw's herdr socket on a real tmux server with `taw engine` running: a scripted client does
// what Collie does (snapshot, read, type, subscribe) and what a hook does (report, release).

import { describe, expect, test } from "bun:test";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { call, open } from "../src/herdr/client.ts";
import { agentWindow, cue, fakeAgentDir, option } from "./fake-agent/helpers.ts";
import { spawnTaw, type TestServer, useServers, waitFor } from "./harness.ts";

const TEST_MS = 30_000;
const server = useServers();
const agents = fakeAgentDir();

/** `taw engine --foreground` with its own runtime and state folders; answers the socket once it pings. */
async function engineWithSocket(s: TestServer) {
  const extra = {
    XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "taw-run-")),
    TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-state-")),
  };
  const proc = spawnTaw(["engine", "--foreground"], s.env(extra));
  const printed = await s.taw(["herdr", "socket-path"], extra);
  const path = printed.stdout.trim();
  expect(path).toBe(
    join(extra.XDG_RUNTIME_DIR, "taw", `herdr-tmp_tmux-${process.getuid?.()}_${s.name}.sock`),
  );
  await waitFor(async () => (await call(path, "ping")).result?.type === "pong", 10_000, "herdr socket up");
  return { path, proc };
}

describe("the herdr socket", () => {
  test(
    "snapshot → read a pane → send text → subscribe → a fake agent goes blocked → the event arrives",
    async () => {
      const s = await server();
      const { path, proc } = await engineWithSocket(s);
      try {
        expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
        expect(statSync(path).mode & 0o777).toBe(0o600);

        const snapshot = (await call(path, "session.snapshot")).result;
        expect(snapshot.type).toBe("session_snapshot");
        expect(snapshot.snapshot.protocol).toBe(22);
        expect(snapshot.snapshot.workspaces).toEqual([
          expect.objectContaining({ workspace_id: "w0", label: "main", tab_count: 1, pane_count: 1 }),
        ]);
        const shell = snapshot.snapshot.panes[0];
        expect(shell).toMatchObject({ workspace_id: "w0", tab_id: snapshot.snapshot.tabs[0].tab_id });
        expect(shell.pane_id).toMatch(/^w0:p\d+$/);

        // Typed as one paste, then Enter: the shell runs it and the read shows the answer.
        const sent = await call(path, "pane.send_text", {
          pane_id: shell.pane_id,
          text: "echo herdr-$((6*7))",
        });
        expect(sent.result).toEqual({ type: "ok" });
        await call(path, "pane.send_keys", { pane_id: shell.pane_id, keys: ["enter"] });
        const read = await waitFor(async () => {
          const answer = await call(path, "pane.read", { pane_id: shell.pane_id, source: "visible" });
          return answer.result.read.text.includes("herdr-42") ? answer.result.read : undefined;
        });
        expect(read).toMatchObject({ pane_id: shell.pane_id, workspace_id: "w0", source: "visible" });

        const sub = await open(path, "events.subscribe", {
          subscriptions: [{ type: "pane.agent_status_changed", agent_status: "blocked" }],
        });
        expect(sub.first.result).toEqual({ type: "subscription_started" });
        const pane = await agentWindow(s, agents);
        const publicId = `w0:p${pane.slice(1)}`;
        await waitFor(async () => (await option(s, pane, "@agent_state")) === "idle", 10_000, "agent idle");
        await cue(s, pane, "blocked");
        const event = await waitFor(() => sub.later[0], 10_000, "the blocked event");
        expect(event).toEqual({
          event: "pane.agent_status_changed",
          data: { pane_id: publicId, workspace_id: "w0", agent_status: "blocked", agent: "claude" },
        });
        sub.close();

        const got = (await call(path, "pane.get", { pane_id: publicId })).result;
        expect(got.pane).toMatchObject({ pane_id: publicId, agent: "claude", agent_status: "blocked" });
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
      // The socket goes with its engine.
      expect(() => statSync(path)).toThrow();
    },
    TEST_MS,
  );

  test(
    "reports go through the report verbs: seq per source, release, errors in herdr's shape",
    async () => {
      const s = await server();
      const { path, proc } = await engineWithSocket(s);
      try {
        const raw = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
        const pane_id = `w0:p${raw.slice(1)}`;
        const report = (state: string, seq: number) =>
          call(path, "pane.report_agent", { pane_id, source: "custom:test", agent: "crush", state, seq });
        expect((await report("working", 5)).result).toEqual({ type: "ok" });
        expect(await option(s, raw, "@agent_state")).toBe("working");
        expect(await option(s, raw, "@agent_source")).toBe("hook:custom:test");
        await report("blocked", 4);
        expect(await option(s, raw, "@agent_state")).toBe("working");
        await call(path, "pane.release_agent", { pane_id, source: "custom:test", agent: "crush", seq: 6 });
        expect(await option(s, raw, "@agent_source")).not.toBe("hook:custom:test");

        expect((await report("sleeping", 7)).error.code).toBe("invalid_params");
        const missing = await call(path, "pane.report_agent", {
          pane_id: "w0:p999",
          source: "x",
          agent: "y",
          state: "idle",
        });
        expect(missing.error.code).toBe("not_found");
        expect((await call(path, "pane.fly")).error).toEqual({
          code: "invalid_request",
          message: "unknown method 'pane.fly'",
        });
        expect((await call(path, "pane.split")).error.code).toBe("unsupported");
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TEST_MS,
  );
});
