// Against a real engine: taw's `herdr` clearing an agent's name (`agent rename <t> --clear`, and
// the socket's agent.rename with no name), `agent explain` as herdr prints it (text, or --json),
// a report for a pane that is gone failing loudly in herdr's shape; and the socket's plugin
// plugin methods (plugin.link, list, disable, enable, action.invoke, log.list, pane.open, focus,
// close, unlink) in herdr's shapes.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../src/herdr/client.ts";
import { AWAY, ROOT, type TestServer, useServers, waitFor } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";

const server = useServers();
const PLUGIN = join(ROOT, "e2e", "fixtures", "herdr", "plugin-smoke");

async function engine(s: TestServer) {
  const config = mkdtempSync(join(tmpdir(), "taw-herdr-more-"));
  writeFileSync(
    join(config, "config.toml"),
    '[herdr]\nclient = ["read", "write", "admin"]\n\n[agents.sleep]\ncommand = "sleep"\nargs = ["60"]\n',
  );
  const started = await engineWithSocket(s, { TAW_CONFIG_DIR: config });
  const herdr = (await s.run("show-environment", "-g", "HERDR_BIN_PATH"))
    .trim()
    .slice("HERDR_BIN_PATH=".length);
  const env = s.env({ ...started.env, TAW_CONFIG_DIR: config, HERDR_SOCKET_PATH: started.path });
  const run = async (...argv: string[]) => {
    const proc = Bun.spawn([herdr, ...argv], {
      cwd: AWAY,
      env,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    return { stdout, stderr, code };
  };
  return { ...started, run };
}

describe("taw's herdr and socket, the rest of herdr's contract", () => {
  test("agent rename --clear, agent explain text and --json, a report for a gone pane", async () => {
    const s = await server();
    const { path, proc, run } = await engine(s);
    try {
      const idle = (await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}", "sh")).trim();
      const pane = `w0:p${idle.slice(1)}`;
      const started = await call(path, "agent.start", { name: "napper", kind: "sleep", pane_id: pane });
      expect(started.result?.type).toBe("agent_started");

      const cleared = await run("agent", "rename", "napper", "--clear");
      expect([cleared.code, cleared.stderr]).toEqual([0, ""]);
      expect(JSON.parse(cleared.stdout).result).toMatchObject({
        type: "agent_info",
        agent: { pane_id: pane },
      });
      expect(JSON.parse(cleared.stdout).result.agent.name).toBeUndefined();
      expect((await call(path, "agent.get", { target: "napper" })).error.code).toBe("agent_not_found");
      // The socket as herdr's schema has it: `name` null or left out clears.
      const named = await call(path, "agent.rename", { target: pane, name: "sleepy" });
      expect(named.result.agent.name).toBe("sleepy");
      const unnamed = await call(path, "agent.rename", { target: "sleepy" });
      expect(unnamed.result).toMatchObject({ type: "agent_info", agent: { pane_id: pane } });
      expect(unnamed.result.agent.name).toBeUndefined();

      const text = await run("agent", "explain", pane);
      expect(text.code).toBe(0);
      const lines = text.stdout.trimEnd().split("\n");
      expect(lines[0]).toMatch(/^agent: /);
      expect(lines[1]).toBe("state: unknown");
      expect(lines).toContain("rule: none");
      expect(text.stdout).not.toContain("{");
      const json = await run("agent", "explain", pane, "--json");
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ pane_id: pane, state: "unknown", matched_rule: null });

      const gone = await run("pane", "release-agent", "w0:p999", "--source", "herdr:x", "--agent", "x");
      expect([gone.code, gone.stdout]).toEqual([1, ""]);
      expect(JSON.parse(gone.stderr)).toEqual({
        id: "cli:request",
        error: { code: "pane_not_found", message: "pane w0:p999 not found" },
      });
      const slip = await run("pane", "report-agent", pane, "--source", "herdr:x", "--agent", "x");
      expect([slip.code, slip.stdout, slip.stderr.trim()]).toEqual([2, "", "missing required --state"]);
    } finally {
      proc.kill();
      await proc.exited;
    }
  }, 60_000);

  test("pane.neighbor and pane.edges from the panes' rects, with the tab's layout", async () => {
    const s = await server();
    const { path, proc, run } = await engine(s);
    try {
      const left = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
      const right = (await s.run("split-window", "-h", "-d", "-P", "-F", "#{pane_id}", "-t", left)).trim();
      const l = `w0:p${left.slice(1)}`;
      const r = `w0:p${right.slice(1)}`;
      const beside = await call(path, "pane.neighbor", { pane_id: l, direction: "right" });
      expect(beside.result).toMatchObject({
        type: "pane_neighbor",
        neighbor: { pane_id: l, direction: "right", neighbor_pane_id: r, layout: { workspace_id: "w0" } },
      });
      // At the tab's edge there is none: tmux's select-pane would wrap round to the far side.
      const edge = await call(path, "pane.neighbor", { pane_id: l, direction: "left" });
      expect(edge.result.neighbor.neighbor_pane_id).toBeUndefined();
      const edges = await call(path, "pane.edges", { pane_id: l });
      expect(edges.result).toMatchObject({
        type: "pane_edges",
        edges: { pane_id: l, left: true, right: false, up: true, down: true },
      });
      expect(edges.result.edges.layout.panes).toHaveLength(2);
      const cli = await run("pane", "edges", "--pane", r);
      expect(cli.code).toBe(0);
      expect(JSON.parse(cli.stdout).result.edges).toMatchObject({ left: false, right: true });
      expect((await call(path, "pane.neighbor", { pane_id: l, direction: "sideways" })).error.code).toBe(
        "invalid_params",
      );
    } finally {
      proc.kill();
      await proc.exited;
    }
  }, 60_000);

  test("plugin.link, list, disable, enable, action.invoke, log.list, pane open/focus/close, unlink in herdr's shapes", async () => {
    const s = await server();
    const { path, proc, run } = await engine(s);
    try {
      const linked = await call(path, "plugin.link", {
        path: join(PLUGIN, "herdr-plugin.toml"),
        enabled: true,
      });
      expect(linked.result).toMatchObject({
        type: "plugin_linked",
        plugin: {
          plugin_id: "example.smoke",
          name: "Smoke Plugin",
          version: "0.1.0",
          plugin_root: PLUGIN,
          enabled: true,
          source: { kind: "local" },
          warnings: [],
        },
      });
      expect(linked.result.plugin.actions).toContainEqual(
        expect.objectContaining({ id: "workspace-list", command: ["herdr", "workspace", "list"] }),
      );
      // herdr's `plugin list` for people, and with --json its answer line.
      const human = await run("plugin", "list");
      expect(human.stdout.split("\n").slice(0, 2)).toEqual([
        "1 plugin installed:",
        `- example.smoke (Smoke Plugin) enabled [local ${PLUGIN}]`,
      ]);
      expect(JSON.parse((await run("plugin", "list", "--json")).stdout).result.type).toBe("plugin_list");
      const listed = await call(path, "plugin.list", {});
      expect(listed.result.plugins.map((p: { plugin_id: string }) => p.plugin_id)).toEqual(["example.smoke"]);
      const disabled = await call(path, "plugin.disable", { plugin_id: "example.smoke" });
      expect(disabled.result).toMatchObject({ type: "plugin_disabled", plugin: { enabled: false } });
      const enabled = await call(path, "plugin.enable", { plugin_id: "example.smoke" });
      expect(enabled.result).toMatchObject({ type: "plugin_enabled", plugin: { enabled: true } });
      const logs = await call(path, "plugin.log.list", { plugin_id: "example.smoke", limit: 5 });
      expect(logs.result.type).toBe("plugin_log_list");
      expect(Array.isArray(logs.result.logs)).toBe(true);
      // An action starts and is answered at once, running; its end is in the log.
      const pane = `w0:p${(await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim().slice(1)}`;
      const invoked = await call(path, "plugin.action.invoke", {
        action_id: "example.smoke.workspace-list",
        context: { invocation_source: "keybinding", focused_pane_id: pane },
      });
      expect(invoked.result).toMatchObject({
        type: "plugin_action_invoked",
        action: { plugin_id: "example.smoke", action_id: "workspace-list" },
        context: { invocation_source: "keybinding", focused_pane_id: pane, workspace_id: "w0" },
        log: { plugin_id: "example.smoke", action_id: "workspace-list", status: "running" },
      });
      const ended = await waitFor(
        async () => {
          const { logs } = (await call(path, "plugin.log.list", { plugin_id: "example.smoke" })).result;
          return logs.find((log: { action_id: string | null }) => log.action_id === "workspace-list");
        },
        15_000,
        "the action's run in the log",
      );
      expect(ended).toMatchObject({
        status: "succeeded",
        exit_code: 0,
        command: ["herdr", "workspace", "list"],
      });
      expect(JSON.parse(ended.stdout).result.type).toBe("workspace_list");
      expect((await call(path, "plugin.action.invoke", { action_id: "nope" })).error.code).toBe(
        "plugin_action_not_found",
      );

      // A plugin pane: opened beside a pane, focused, closed; a pane no plugin owns is refused.
      const opened = await call(path, "plugin.pane.open", {
        plugin_id: "example.smoke",
        entrypoint: "board",
        target_pane_id: pane,
      });
      expect(opened.result).toMatchObject({
        type: "plugin_pane_opened",
        plugin_pane: { plugin_id: "example.smoke", entrypoint: "board", pane: { workspace_id: "w0" } },
      });
      const board = opened.result.plugin_pane.pane.pane_id as string;
      const focused = await call(path, "plugin.pane.focus", { pane_id: board });
      expect(focused.result).toMatchObject({
        type: "plugin_pane_focused",
        plugin_pane: { pane: { pane_id: board } },
      });
      expect((await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim()).toBe(
        `%${board.split(":p")[1]}`,
      );
      expect((await call(path, "plugin.pane.close", { pane_id: pane })).error.code).toBe("invalid_params");
      expect((await call(path, "plugin.pane.close", { pane_id: board })).result).toEqual({
        type: "plugin_pane_closed",
        pane_id: board,
      });
      expect((await call(path, "plugin.pane.focus", { pane_id: board })).error.code).toBe("pane_not_found");

      const unlinked = await call(path, "plugin.unlink", { plugin_id: "example.smoke" });
      expect(unlinked.result).toEqual({ type: "plugin_unlinked", plugin_id: "example.smoke", removed: true });
      expect((await call(path, "plugin.list", {})).result.plugins).toEqual([]);
      expect((await call(path, "plugin.enable", { plugin_id: "example.smoke" })).error.code).toBe(
        "plugin_not_found",
      );
    } finally {
      proc.kill();
      await proc.exited;
    }
  }, 60_000);
});
