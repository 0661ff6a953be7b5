// Arranging and asking over the herdr socket on a real tmux server, for a client granted
// admin: pane.swap (by direction and by id, refused across tabs and at an edge),
// pane.focus_direction, pane.resize, tab.move, pane.process_info, pane.send_input,
// agent.start / focus / explain, and server.agent_manifests.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../src/herdr/client.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";

const TEST_MS = 45_000;
const server = useServers();

const pub = (tmuxId: string) => `w0:p${tmuxId.slice(1)}`;

/** An engine whose socket grants a local client admin, and `[agents.sleep]` to start. */
async function admin(s: TestServer) {
  const config = mkdtempSync(join(tmpdir(), "taw-herdr-arrange-"));
  writeFileSync(
    join(config, "config.toml"),
    '[herdr]\nclient = ["read", "write", "admin"]\n\n[agents.sleep]\ncommand = "sleep"\nargs = ["60"]\n',
  );
  return engineWithSocket(s, { TAW_CONFIG_DIR: config });
}

/** The panes of window `main:0`, left to right then top to bottom, as tmux ids. */
async function panesInOrder(s: TestServer): Promise<string[]> {
  const out = await s.run("list-panes", "-t", "main:0", "-F", "#{pane_top} #{pane_left} #{pane_id}");
  return out
    .trim()
    .split("\n")
    .map((line) => line.split(" "))
    .sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0]))
    .map((parts) => parts[2] as string);
}

describe("arranging panes and tabs over the herdr socket", () => {
  test(
    "swap by direction and by id; no neighbour at an edge, no swap across tabs; focus and resize",
    async () => {
      const s = await server();
      const { path, proc } = await admin(s);
      try {
        const left = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
        const right = (await s.run("split-window", "-h", "-d", "-P", "-F", "#{pane_id}", "-t", left)).trim();
        expect(await panesInOrder(s)).toEqual([left, right]);

        const swapped = (await call(path, "pane.swap", { pane_id: pub(left), direction: "right" })).result;
        expect(swapped).toMatchObject({
          type: "pane_swap",
          swap: { changed: true, source_pane_id: pub(left), target_pane_id: pub(right) },
        });
        expect(await panesInOrder(s)).toEqual([right, left]);
        expect(swapped.swap.layout.panes).toHaveLength(2);
        const layout = (await call(path, "pane.layout", { pane_id: pub(left) })).result;
        expect(layout).toMatchObject({ type: "pane_layout", layout: { workspace_id: "w0", zoomed: false } });
        expect(layout.layout.panes.map((p: { pane_id: string }) => p.pane_id).sort()).toEqual(
          [pub(left), pub(right)].sort(),
        );

        // At the right edge now: tmux would wrap round; herdr says no neighbour, nothing moves.
        const edge = (await call(path, "pane.swap", { pane_id: pub(left), direction: "right" })).result;
        expect(edge.swap).toMatchObject({ changed: false, reason: "no_neighbor" });
        expect(await panesInOrder(s)).toEqual([right, left]);

        const back = await call(path, "pane.swap", { source_pane_id: pub(left), target_pane_id: pub(right) });
        expect(back.result.swap.changed).toBe(true);
        expect(await panesInOrder(s)).toEqual([left, right]);

        const other = (await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}")).trim();
        const across = await call(path, "pane.swap", {
          source_pane_id: pub(left),
          target_pane_id: pub(other),
        });
        expect(across.result.swap).toMatchObject({ changed: false, reason: "cross_tab" });
        expect(
          (await call(path, "pane.swap", { pane_id: pub(left), direction: "sideways" })).error.code,
        ).toBe("invalid_params");

        const focus = (await call(path, "pane.focus_direction", { pane_id: pub(left), direction: "right" }))
          .result;
        expect(focus).toMatchObject({
          type: "pane_focus_direction",
          focus: { changed: true, source_pane_id: pub(left), focused_pane_id: pub(right) },
        });
        expect((await s.run("display-message", "-p", "-t", "main:0", "#{pane_id}")).trim()).toBe(right);
        const none = (await call(path, "pane.focus_direction", { pane_id: pub(left), direction: "up" }))
          .result;
        expect(none.focus).toMatchObject({ changed: false, reason: "no_neighbor" });

        const width = async () =>
          Number((await s.run("display-message", "-p", "-t", left, "#{pane_width}")).trim());
        const before = await width();
        const resized = (
          await call(path, "pane.resize", { pane_id: pub(left), direction: "right", amount: 0.1 })
        ).result;
        expect(resized).toMatchObject({ type: "pane_resize", resize: { changed: true, pane_id: pub(left) } });
        expect(await width()).toBeGreaterThan(before);
        expect(
          (await call(path, "pane.resize", { pane_id: pub(left), direction: "right", amount: 3 })).error.code,
        ).toBe("invalid_params");
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TEST_MS,
  );

  test(
    "pane.move: into another tab beside a pane, to a new tab, to a new workspace; the process runs on",
    async () => {
      const s = await server();
      const { path, proc } = await admin(s);
      try {
        const first = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
        // The pane that moves runs a process whose pid must survive every move.
        const mover = (
          await s.run("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", first, "sleep 300")
        ).trim();
        const pid = (await s.run("display-message", "-p", "-t", mover, "#{pane_pid}")).trim();
        const other = (await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id} #{window_id}"))
          .trim()
          .split(" ");
        const [otherPane, otherWindow] = other as [string, string];
        const firstWindow = (await s.run("display-message", "-p", "-t", first, "#{window_id}")).trim();

        const same = await call(path, "pane.move", {
          pane_id: pub(mover),
          destination: { type: "tab", tab_id: `w0:t${firstWindow.slice(1)}`, split: "right" },
        });
        expect(same.result.move_result).toMatchObject({ changed: false, reason: "same_tab" });

        const joined = (
          await call(path, "pane.move", {
            pane_id: pub(mover),
            destination: {
              type: "tab",
              tab_id: `w0:t${otherWindow.slice(1)}`,
              target_pane_id: pub(otherPane),
              split: "down",
            },
          })
        ).result.move_result;
        expect(joined).toMatchObject({
          changed: true,
          previous_pane_id: pub(mover),
          previous_tab_id: `w0:t${firstWindow.slice(1)}`,
          pane: { pane_id: pub(mover), tab_id: `w0:t${otherWindow.slice(1)}` },
        });
        expect(joined.source_layout.panes).toHaveLength(1);
        expect(joined.target_layout.panes).toHaveLength(2);
        expect((await s.run("display-message", "-p", "-t", mover, "#{window_id} #{pane_pid}")).trim()).toBe(
          `${otherWindow} ${pid}`,
        );

        const broken = (
          await call(path, "pane.move", {
            pane_id: pub(mover),
            destination: { type: "new_tab", label: "logs" },
          })
        ).result.move_result;
        expect(broken.created_tab).toMatchObject({ label: "logs", workspace_id: "w0" });
        expect(broken.pane.tab_id).toBe(broken.created_tab.tab_id);

        // To a new workspace: the tab it leaves (only this pane) closes with it.
        const away = (
          await call(path, "pane.move", {
            pane_id: pub(mover),
            destination: { type: "new_workspace", label: "elsewhere", tab_label: "work" },
          })
        ).result.move_result;
        expect(away.created_workspace).toMatchObject({ label: "elsewhere" });
        expect(away.closed_tab_id).toBe(broken.created_tab.tab_id);
        expect(away.pane.pane_id).toBe(`${away.created_workspace.workspace_id}:p${mover.slice(1)}`);
        const there = (
          await s.run("list-windows", "-t", "elsewhere", "-F", "#{window_name} #{window_panes}")
        ).trim();
        expect(there).toBe("work 1");
        expect((await s.run("display-message", "-p", "-t", mover, "#{pane_pid}")).trim()).toBe(pid);
        const bad = await call(path, "pane.move", { pane_id: pub(mover), destination: { type: "sideways" } });
        expect(bad.error.code).toBe("invalid_params");
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TEST_MS,
  );

  test(
    "tab.move puts a tab at an index among its workspace's tabs; out of bounds is refused",
    async () => {
      const s = await server();
      const { path, proc } = await admin(s);
      try {
        await s.run("rename-window", "-t", "main:0", "one");
        await s.run("new-window", "-d", "-t", "main:", "-n", "two");
        await s.run("new-window", "-d", "-t", "main:", "-n", "three");
        const names = async () =>
          (await s.run("list-windows", "-t", "main", "-F", "#{window_name}")).trim().split("\n");
        const three = (await s.run("display-message", "-p", "-t", "main:three", "#{window_id}")).trim();
        const moved = (await call(path, "tab.move", { tab_id: `w0:t${three.slice(1)}`, insert_index: 0 }))
          .result;
        expect(moved.type).toBe("tab_list");
        expect(moved.tabs.map((tab: { label: string }) => tab.label)).toEqual(["three", "one", "two"]);
        expect(await names()).toEqual(["three", "one", "two"]);
        await call(path, "tab.move", { tab_id: `w0:t${three.slice(1)}`, insert_index: 3 });
        expect(await names()).toEqual(["one", "two", "three"]);
        const far = await call(path, "tab.move", { tab_id: `w0:t${three.slice(1)}`, insert_index: 4 });
        expect(far.error.code).toBe("tab_move_failed");
        expect(await names()).toEqual(["one", "two", "three"]);
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TEST_MS,
  );

  test(
    "process_info, send_input, agent.start / focus / explain and the manifests in force",
    async () => {
      const s = await server();
      const { path, proc } = await admin(s);
      try {
        const pane = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
        await waitFor(
          async () =>
            (await s.run("display-message", "-p", "-t", pane, "#{pane_current_command}")).trim() !== "",
          5000,
          "the shell",
        );
        const shell = (await call(path, "pane.process_info", { pane_id: pub(pane) })).result;
        const panePid = Number((await s.run("display-message", "-p", "-t", pane, "#{pane_pid}")).trim());
        expect(shell).toMatchObject({
          type: "pane_process_info",
          process_info: { pane_id: pub(pane), shell_pid: panePid, foreground_process_group_id: panePid },
        });
        expect(shell.process_info.foreground_processes[0]).toMatchObject({ pid: panePid });

        // Text pasted, then keys: the shell runs it.
        const sent = await call(path, "pane.send_input", {
          pane_id: pub(pane),
          text: "sleep 45",
          keys: ["enter"],
        });
        expect(sent.result).toEqual({ type: "ok" });
        const info = await waitFor(
          async () => {
            const answer = (await call(path, "pane.process_info", { pane_id: pub(pane) })).result
              .process_info;
            return answer.foreground_processes?.[0]?.name === "sleep" ? answer : undefined;
          },
          5000,
          "sleep in front",
        );
        expect(info.foreground_processes[0].argv).toEqual(["sleep", "45"]);
        expect(info.foreground_process_group_id).toBe(info.foreground_processes[0].pid);
        await s.run("send-keys", "-t", pane, "C-c");

        // agent.start types the kind's command into an idle shell pane and names the agent.
        // sh, not the machine's login shell, whose profile may take seconds under load.
        const idle = (await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}", "sh")).trim();
        const started = await call(path, "agent.start", {
          name: "napper",
          kind: "sleep",
          pane_id: pub(idle),
        });
        expect(started.result).toMatchObject({
          type: "agent_started",
          argv: ["sleep", "60"],
          agent: { pane_id: pub(idle), name: "napper" },
        });
        const busy = await call(path, "agent.start", { name: "again", kind: "sleep", pane_id: pub(idle) });
        expect(busy.error.code).toBe("pane_busy");

        const explained = (await call(path, "agent.explain", { target: "napper" })).result;
        expect(explained.type).toBe("agent_explain");
        // A kind of config.toml's own has no rules to explain: what is in front, and no verdict.
        expect(explained.explain).toMatchObject({
          pane_id: pub(idle),
          pane: idle,
          state: "unknown",
          foreground: [expect.objectContaining({ argv: ["sleep", "60"] })],
        });
        expect((await call(path, "agent.focus", { target: "nobody" })).error.code).toBe("agent_not_found");
        const focused = await call(path, "agent.focus", { target: "napper" });
        expect(focused.result).toMatchObject({ type: "agent_info", agent: { pane_id: pub(idle) } });
        expect((await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim()).toBe(idle);

        const manifests = (await call(path, "server.agent_manifests")).result;
        expect(manifests.type).toBe("agent_manifest_status");
        expect(manifests.manifests).toContainEqual(
          expect.objectContaining({ agent: "claude", source_kind: "bundled" }),
        );
        expect((await call(path, "server.reload_agent_manifests")).error.code).toBe("unsupported");
      } finally {
        proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TEST_MS,
  );
});
