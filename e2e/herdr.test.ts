// taw's herdr socket on a real tmux server with `taw engine` running: a scripted client does
// what Collie does (snapshot, read, type, subscribe) and what a hook does (report, release).

import { describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { call, open } from "../src/herdr/client.ts";
import { agentWindow, cue, fakeAgentDir, option } from "./fake-agent/helpers.ts";
import { spawnTaw, type TestServer, useServers, waitFor } from "./harness.ts";
import { agentInFront, engineWithSocket } from "./herdr-engine.ts";

const TEST_MS = 45_000;
const server = useServers();
const agents = fakeAgentDir();

let outputs = 0;

/** A client in `pane`: `taw herdr call` typed into its shell; answers the parsed answer line. */
function inPane(s: TestServer, pane: string, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "taw-herdr-out-"));
  return async (method: string, params: Record<string, unknown>) => {
    const out = join(dir, `${++outputs}.json`);
    const line = `XDG_RUNTIME_DIR=${env.XDG_RUNTIME_DIR} taw herdr call ${method} '${JSON.stringify(params)}' > ${out}.tmp; mv ${out}.tmp ${out}`;
    await s.run("send-keys", "-t", pane, "-l", line);
    await s.run("send-keys", "-t", pane, "Enter");
    const text = await waitFor(
      () => (existsSync(out) ? readFileSync(out, "utf8") : undefined),
      10_000,
      method,
    );
    return JSON.parse(text);
  };
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
        // One layout per tab, from tmux's layout string: the shell fills the window.
        expect(snapshot.snapshot.layouts).toEqual([
          expect.objectContaining({
            workspace_id: "w0",
            tab_id: shell.tab_id,
            zoomed: false,
            focused_pane_id: shell.pane_id,
            panes: [
              expect.objectContaining({
                pane_id: shell.pane_id,
                rect: expect.objectContaining({ x: 0, y: 0 }),
              }),
            ],
            splits: [],
          }),
        ]);

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

        // pane.wait_for_output: answered when a line matches (the command line itself shows
        // `$((3+4))`, so only the output matches), herdr's timeout otherwise.
        const output = call(path, "pane.wait_for_output", {
          pane_id: shell.pane_id,
          source: "recent",
          match: { type: "regex", value: "^out-7$" },
          timeout_ms: 15_000,
        });
        await call(path, "pane.send_text", { pane_id: shell.pane_id, text: "echo out-$((3+4))" });
        await call(path, "pane.send_keys", { pane_id: shell.pane_id, keys: ["enter"] });
        expect((await output).result).toMatchObject({
          type: "output_matched",
          pane_id: shell.pane_id,
          matched_line: "out-7",
        });
        const never = await call(path, "pane.wait_for_output", {
          pane_id: shell.pane_id,
          source: "visible",
          match: { type: "substring", value: "never-printed" },
          timeout_ms: 300,
        });
        expect(never.error.code).toBe("timeout");
        const badRegex = await call(path, "pane.wait_for_output", {
          pane_id: shell.pane_id,
          source: "visible",
          match: { type: "regex", value: "(" },
        });
        expect(badRegex.error.code).toBe("invalid_params");

        const sub = await open(path, "events.subscribe", {
          subscriptions: [{ type: "pane.agent_status_changed", agent_status: "blocked" }],
        });
        expect(sub.first.result).toEqual({ type: "subscription_started" });
        const pane = await agentWindow(s, agents);
        const publicId = `w0:p${pane.slice(1)}`;
        await waitFor(async () => (await option(s, pane, "@agent_state")) === "idle", 10_000, "agent idle");
        // Prompted as `taw agent prompt` does: pasted, then its submit key.
        const prompted = await call(path, "agent.prompt", { target: publicId, text: "blocked" });
        expect(prompted.result).toMatchObject({
          type: "agent_prompted",
          agent: { pane_id: publicId, agent: "claude" },
        });
        const event = await waitFor(() => sub.later[0], 10_000, "the blocked event");
        expect(event).toEqual({
          event: "pane.agent_status_changed",
          data: { pane_id: publicId, workspace_id: "w0", agent_status: "blocked", agent: "claude" },
        });
        sub.close();

        const got = (await call(path, "pane.get", { pane_id: publicId })).result;
        expect(got.pane).toMatchObject({ pane_id: publicId, agent: "claude", agent_status: "blocked" });
        const agentsNow = (await call(path, "agent.list")).result.agents;
        expect(agentsNow).toEqual([expect.objectContaining({ pane_id: publicId, agent_status: "blocked" })]);
        const again = await call(path, "agent.prompt", { target: publicId, text: "more" });
        expect(again.error.code).toBe("agent_blocked");
        // Typing into an agent that waits on a question answers it: a client without the
        // 'respond' grant (the default) is refused, and nothing is typed.
        for (const [method, params] of [
          ["pane.send_text", { pane_id: publicId, text: "1" }],
          ["pane.send_keys", { pane_id: publicId, keys: ["enter"] }],
          ["agent.send_keys", { target: publicId, keys: ["enter"] }],
        ] as const) {
          const refused = await call(path, method, params);
          expect(refused.error).toMatchObject({ code: "forbidden" });
          expect(refused.error.message).toContain("'respond' grant");
        }

        // agent.wait: at once when the status is already there, `timeout` when it does not come,
        // and answered by the transition when it does.
        const already = await call(path, "agent.wait", { target: publicId, until: ["blocked"] });
        expect(already.result).toMatchObject({
          type: "agent_info",
          agent: { pane_id: publicId, agent_status: "blocked" },
        });
        const late = await call(path, "agent.wait", {
          target: publicId,
          until: ["working"],
          timeout_ms: 300,
        });
        expect(late.error).toEqual({ code: "timeout", message: "timed out waiting for agent status" });
        const waiting = open(path, "agent.wait", {
          target: publicId,
          until: ["idle", "done"],
          timeout_ms: 9000,
        });
        await Bun.sleep(200);
        await cue(s, pane, "idle");
        const ended = (await waiting).first;
        expect(ended.result.agent).toMatchObject({ pane_id: publicId });
        expect(["idle", "done"]).toContain(ended.result.agent.agent_status);
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
    "reports speak for the caller's own pane (SO_PEERCRED), through the report verbs with seq per source",
    async () => {
      const s = await server();
      const { path, proc, env } = await engineWithSocket(s);
      try {
        const own = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
        const other = (
          await s.run("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main", "sh")
        ).trim();
        await agentInFront(s, own);
        const fromPane = inPane(s, own, env);
        const report = (state: string, seq: number, extra: Record<string, unknown> = {}) =>
          fromPane("pane.report_agent", { source: "custom:test", agent: "crush", state, seq, ...extra });

        expect(await report("working", 5)).toEqual({ id: expect.any(String), result: { type: "ok" } });
        expect(await option(s, own, "@agent_state")).toBe("working");
        expect(await option(s, own, "@agent_source")).toBe("hook:custom:test");
        await report("blocked", 4, { pane_id: `w0:p${own.slice(1)}` });
        expect(await option(s, own, "@agent_state")).toBe("working");

        // Another pane's id, or a caller outside every pane: refused, nothing written.
        const foreign = await report("blocked", 9, { pane_id: `w0:p${other.slice(1)}` });
        expect(foreign.error).toEqual({
          code: "forbidden",
          message: `a report speaks only for the caller's own pane w0:p${own.slice(1)}, not w0:p${other.slice(1)}`,
        });
        const outside = await call(path, "pane.report_agent", {
          pane_id: `w0:p${own.slice(1)}`,
          source: "custom:test",
          agent: "crush",
          state: "blocked",
          seq: 10,
        });
        expect(outside.error.code).toBe("forbidden");
        expect(await option(s, other, "@agent_state")).toBe("");
        expect(await option(s, own, "@agent_state")).toBe("working");

        expect(
          (await fromPane("pane.release_agent", { source: "custom:test", agent: "crush", seq: 6 })).result,
        ).toEqual({
          type: "ok",
        });
        expect(await option(s, own, "@agent_source")).not.toBe("hook:custom:test");
        expect((await report("sleeping", 7)).error.code).toBe("invalid_params");

        // clear_agent_authority: the hook gives the state back to the screen; another
        // source's clear leaves it held.
        await report("working", 8);
        expect(await option(s, own, "@agent_source")).toBe("hook:custom:test");
        const otherClear = await fromPane("pane.clear_agent_authority", { source: "custom:else" });
        expect(otherClear.result).toEqual({ type: "ok" });
        expect(await option(s, own, "@agent_source")).toBe("hook:custom:test");
        await fromPane("pane.clear_agent_authority", { source: "custom:test", seq: 9 });
        expect(await option(s, own, "@agent_source")).toBe("manifest");

        // Metadata, for its own pane only: a title and a display label, then cleared.
        const meta = await fromPane("pane.report_metadata", {
          source: "custom:test",
          title: "fixing #12",
          display_agent: "Crush",
        });
        expect(meta.result).toEqual({ type: "ok" });
        expect(await option(s, own, "@agent_title")).toBe("fixing #12");
        expect(await option(s, own, "@agent_display")).toBe("Crush");
        await fromPane("pane.report_metadata", { source: "custom:test", clear_title: true });
        expect(await option(s, own, "@agent_title")).toBe("");
        const foreignMeta = await fromPane("pane.report_metadata", {
          source: "custom:test",
          pane_id: `w0:p${other.slice(1)}`,
          title: "not mine",
        });
        expect(foreignMeta.error.code).toBe("forbidden");
        expect(await option(s, other, "@agent_title")).toBe("");
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TEST_MS,
  );

  test(
    "a reporter that dies without a word gives the pane back 2 s after its last report",
    async () => {
      const s = await server();
      const { proc, env } = await engineWithSocket(s);
      try {
        const pane = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
        const dir = mkdtempSync(join(tmpdir(), "taw-herdr-pid-"));
        const pidFile = join(dir, "pid");
        const params = JSON.stringify({ source: "custom:dies", agent: "crush", state: "blocked" });
        // The hook: its parent, `timeout`, stands for the agent it runs under (a program, not a shell).
        writeFileSync(
          join(dir, "hook.sh"),
          `echo $PPID > ${pidFile}\ntaw herdr call pane.report_agent '${params}'\nsleep 60\n`,
        );
        // `sleep` stays in front of the pane, so the engine never sees its shell back: only the
        // claim's lapse can give the pane back.
        const line = `XDG_RUNTIME_DIR=${env.XDG_RUNTIME_DIR} sh -c 'timeout 60 sh ${dir}/hook.sh & exec sleep 60'`;
        await s.run("send-keys", "-t", pane, "-l", line);
        await s.run("send-keys", "-t", pane, "Enter");
        await waitFor(
          async () => (await option(s, pane, "@agent_source")) === "hook:custom:dies",
          10_000,
          "the claim",
        );
        // The reporter itself has exited; the program above it lives: the claim holds.
        await Bun.sleep(3000);
        expect(await option(s, pane, "@agent_source")).toBe("hook:custom:dies");
        process.kill(Number(readFileSync(pidFile, "utf8")), "SIGKILL");
        const released = Date.now();
        await waitFor(
          async () => (await option(s, pane, "@agent_source")) !== "hook:custom:dies",
          5000,
          "the release",
        );
        expect(Date.now() - released).toBeLessThan(4000);
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TEST_MS,
  );

  test(
    "a symlinked socket directory is refused with the fix; the engine runs on without a socket",
    async () => {
      const s = await server();
      const run = mkdtempSync(join(tmpdir(), "taw-run-"));
      const real = join(run, "elsewhere");
      mkdirSync(real, { mode: 0o700 });
      symlinkSync(real, join(run, "taw"));
      const state = mkdtempSync(join(tmpdir(), "taw-state-"));
      const proc = spawnTaw(
        ["engine", "--foreground"],
        s.env({ XDG_RUNTIME_DIR: run, TAW_STATE_DIR: state }),
      );
      try {
        const log = join(state, "logs", "engine.log");
        const text = await waitFor(
          () =>
            existsSync(log) && readFileSync(log, "utf8").includes("herdr socket")
              ? readFileSync(log, "utf8")
              : undefined,
          10_000,
          "the engine's word on the socket",
        );
        expect(text).toContain(
          `refusing the socket directory ${join(run, "taw")}: it is a symlink; remove it`,
        );
        expect((await s.taw(["engine", "status", "--json"])).json?.result.running).toBe(true);
        expect(readdirSync(real)).toEqual([]);
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TEST_MS,
  );

  test(
    "pane.current, errors in herdr's shape (unknown method, unsupported, no such pane), tab and workspace events",
    async () => {
      const s = await server();
      // Granted admin, as a phone client that makes and closes panes is.
      const config = mkdtempSync(join(tmpdir(), "taw-herdr-admin-"));
      writeFileSync(join(config, "config.toml"), '[herdr]\nclient = ["read", "write", "admin"]\n');
      const { path, proc } = await engineWithSocket(s, { TAW_CONFIG_DIR: config });
      try {
        expect((await call(path, "pane.fly")).error).toEqual({
          code: "invalid_request",
          message: "unknown method 'pane.fly'",
        });
        expect((await call(path, "layout.export")).error.code).toBe("unsupported");
        // herdr's code for the kind, naming the id the caller sent (not tmux's %999).
        expect((await call(path, "pane.get", { pane_id: "w0:p999" })).error).toEqual({
          code: "pane_not_found",
          message: "pane w0:p999 not found",
        });
        expect((await call(path, "pane.send_text", { pane_id: "w0:p999", text: "x" })).error).toEqual({
          code: "pane_not_found",
          message: "pane w0:p999 not found",
        });
        expect((await call(path, "tab.close", { tab_id: "w0:t999" })).error.code).toBe("tab_not_found");
        expect((await call(path, "workspace.rename", { workspace_id: "w999", label: "x" })).error.code).toBe(
          "workspace_not_found",
        );
        // No client is attached: nothing is focused, but a named pane is current.
        expect((await call(path, "pane.current")).error.code).toBe("pane_not_found");
        const first = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
        // A key herdr or tmux cannot read (tmux has no F13) is herdr's invalid_key, and nothing
        // of the request is typed: the shell's next line is the marker alone.
        const shell = `w0:p${first.slice(1)}`;
        const refused = [
          ["pane.send_keys", { pane_id: shell, keys: ["x", "not-a-key"] }],
          ["pane.send_input", { pane_id: shell, text: "echo leaked", keys: ["enter", "f13"] }],
        ] as const;
        for (const [method, params] of refused) {
          expect((await call(path, method, params)).error).toMatchObject({ code: "invalid_key" });
        }
        await call(path, "pane.send_input", { pane_id: shell, text: "echo mark-$((2+3))", keys: ["enter"] });
        const screen = await waitFor(async () => {
          const text = await s.run("capture-pane", "-p", "-t", first);
          return text.includes("\nmark-5") ? text : undefined;
        });
        expect(screen).not.toContain("leaked");
        expect(screen).toMatch(/^[$#] echo mark-\$\(\(2\+3\)\)$/m);
        // pane.split beside an exact pane: herdr's pane_info of the new one.
        const split = await call(path, "pane.split", {
          target_pane_id: `w0:p${first.slice(1)}`,
          direction: "down",
        });
        expect(split.result).toMatchObject({ type: "pane_info", pane: { workspace_id: "w0" } });
        expect(split.result.pane.pane_id).not.toBe(`w0:p${first.slice(1)}`);
        expect(
          (await call(path, "pane.split", { target_pane_id: "w0:p999", direction: "down" })).error.code,
        ).toBe("pane_not_found");
        await call(path, "pane.close", { pane_id: split.result.pane.pane_id });
        const current = await call(path, "pane.current", { caller_pane_id: `w0:p${first.slice(1)}` });
        expect(current.result).toMatchObject({
          type: "pane_current",
          pane: { pane_id: `w0:p${first.slice(1)}` },
        });

        // Tabs and workspaces coming and going reach a subscriber (taw compares the engine's
        // successive models), in herdr's lifecycle envelope.
        const sub = await open(path, "events.subscribe", {
          subscriptions: ["tab.created", "tab.closed", "workspace.created", "workspace.closed"].map(
            (type) => ({
              type,
            }),
          ),
        });
        const window = (await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{window_id}")).trim();
        const session = (await s.run("new-session", "-d", "-s", "other", "-P", "-F", "#{session_id}")).trim();
        const tab = `w0:t${window.slice(1)}`;
        const workspace = `w${session.slice(1)}`;
        const named = (event: string) => sub.later.find((line) => line.event === event);
        expect(await waitFor(() => named("workspace_created"), 10_000, "workspace_created")).toMatchObject({
          data: { type: "workspace_created", workspace: { workspace_id: workspace, label: "other" } },
        });
        const tabCreated = (line: { event: string; data: { tab?: { tab_id: string } } }) =>
          line.event === "tab_created" && line.data.tab?.tab_id === tab;
        expect(await waitFor(() => sub.later.find(tabCreated), 10_000, "tab_created")).toBeDefined();
        await s.run("kill-window", "-t", window);
        await s.run("kill-session", "-t", session);
        expect(await waitFor(() => named("workspace_closed"), 10_000, "workspace_closed")).toEqual({
          event: "workspace_closed",
          data: { type: "workspace_closed", workspace_id: workspace },
        });
        // One diff carries both closes, but they reach the socket as separate lines: wait for it.
        const tabClosed = (line: { event: string; data: { tab_id?: string } }) =>
          line.event === "tab_closed" && line.data.tab_id === tab;
        expect(await waitFor(() => sub.later.find(tabClosed), 10_000, "tab_closed")).toEqual({
          event: "tab_closed",
          data: { type: "tab_closed", tab_id: tab, workspace_id: "w0" },
        });
        sub.close();

        // events.wait: the first matching event, pinned by its ids; herdr's timeout; an event
        // taw never sends is unsupported.
        const waited = call(path, "events.wait", {
          match_event: { event: "tab_created", workspace_id: "w0" },
          timeout_ms: 15_000,
        });
        // A window made before the wait was in place does not count: make one until it does.
        const made: string[] = [];
        let answer: { result?: { event: { data: { tab: { tab_id: string } } } } } | undefined;
        for (let tries = 0; !answer && tries < 10; tries++) {
          const window = (await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{window_id}")).trim();
          made.push(`w0:t${window.slice(1)}`);
          answer = await Promise.race([waited, Bun.sleep(1500).then(() => undefined)]);
        }
        expect(answer?.result).toMatchObject({ type: "wait_matched", event: { event: "tab_created" } });
        expect(made).toContain(answer?.result?.event.data.tab.tab_id as string);
        const late = await call(path, "events.wait", {
          match_event: { event: "pane_closed", pane_id: "w0:p999" },
          timeout_ms: 200,
        });
        expect(late.error.code).toBe("timeout");
        expect(
          (await call(path, "events.wait", { match_event: { event: "pane_focused", pane_id: "w0:p1" } }))
            .error.code,
        ).toBe("unsupported");
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TEST_MS,
  );
});
