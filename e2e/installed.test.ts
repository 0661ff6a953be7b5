// taw as a user meets it: the dashboard and the popup started from folders outside the
// checkout, with NODE_ENV unset and Bun's transpiler cache off (harness.ts sets the scene),
// and npm start run twice.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { popupArgs } from "../src/cli/dashboard.ts";
import type { Tmux } from "../src/tmux/client.ts";
import { ENGINE_OPTION, parseClaim } from "../src/watch/claim.ts";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { showsDemoAgents, useDemos } from "./demo-scene.ts";
import { AWAY, attachedClient, ROOT, type TestServer, useServers, waitFor } from "./harness.ts";

const server = useServers();
const demos = useDemos();
const TIMEOUT_MS = 60_000;
const PLUGIN = `${ROOT}/assets/taw.tmux`;

const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");

/** The launcher starts taw's processes (the demo's engine here) with Bun's allocator setting
 * (src/runtime.ts), and what taw starts (the demo's tmux server, its agents) is without it. */
async function expectAllocatorSettingKept(demo: Tmux): Promise<void> {
  const claim = parseClaim((await demo.run(["show-options", "-gqv", ENGINE_OPTION])).trim());
  expect(claim?.pid).toBeGreaterThan(0);
  expect(environOf(claim?.pid as number)).toContain("MIMALLOC_PURGE_DELAY=0");
  const pids = (await demo.run(["list-panes", "-a", "-F", "#{pid} #{pane_pid}"]))
    .split(/\s+/)
    .filter(Boolean);
  expect(pids.length).toBeGreaterThan(2);
  for (const pid of new Set(pids))
    expect(environOf(Number(pid)).filter((entry) => entry.startsWith("MIMALLOC_"))).toEqual([]);
}

const screen = (s: TestServer, target = "main") => s.run("capture-pane", "-p", "-t", target);

describe("installed, from a folder outside the checkout", () => {
  test(
    "taw dashboard draws, answers keys and quits cleanly",
    async () => {
      const s = await server();
      // tmux reads the folder off the pane's process, which may not have started yet.
      const cwd = () => s.run("display-message", "-p", "#{pane_current_path}");
      expect(await waitFor(async () => (await cwd()).trim() || undefined, 5000, "the pane's folder")).toBe(
        AWAY,
      );
      const pane = await openDashboard(s);
      await screenShows(s, pane, (text) => text.includes("Agents"), "the dashboard");
      await s.run("send-keys", "-t", pane, "?");
      await screenShows(s, pane, (text) => text.includes("Esc closes"), "the help, drawn by the live app");
      await s.run("send-keys", "-t", pane, "Escape");
      await screenShows(s, pane, (text) => !text.includes("Esc closes"), "the help closed");
      await s.run("send-keys", "-t", pane, "q");
      await screenShows(s, pane, (text) => text.includes("dashboard exited 0"), "a clean exit");
    },
    TIMEOUT_MS,
  );

  test(
    "prefix A in a session started outside the checkout opens a live dashboard; q closes it",
    async () => {
      const inner = await server({ width: 100, height: 30 });
      await inner.run("set-option", "-g", "@agent-wizard-watch", "off");
      await inner.run("run-shell", PLUGIN);
      const outer = await attachedClient(server, inner);
      await outer.run("send-keys", "-t", "main", "C-b", "A");
      await waitFor(async () => (await screen(outer)).includes("taw popup"), 15_000, "the popup");
      // Only the mounted app answers `?`: a splash left by a crash would not.
      await outer.run("send-keys", "-t", "main", "?");
      await waitFor(async () => (await screen(outer)).includes("Esc closes"), 15_000, "help in the popup");
      await outer.run("send-keys", "-t", "main", "Escape");
      await waitFor(async () => !(await screen(outer)).includes("Esc closes"), 5000, "the help closed");
      await outer.run("send-keys", "-t", "main", "q");
      await waitFor(async () => !(await screen(outer)).includes("taw popup"), 5000, "the popup closed");
    },
    TIMEOUT_MS,
  );

  test(
    "a popup whose dashboard fails leaves its message on the client and in the log",
    async () => {
      const inner = await server({ width: 100, height: 30 });
      const state = mkdtempSync(join(tmpdir(), "taw-popup-state-"));
      await inner.run("set-environment", "-g", "TAW_STATE_DIR", state);
      const outer = await attachedClient(server, inner);
      const client = (await inner.run("list-clients", "-F", "#{client_name}")).trim();
      // The popup `taw popup` opens, with an option this taw does not know: what a binding
      // left by another version of taw would run.
      await inner.tmux.tryRun([...(await popupArgs(inner.tmux, client)), "--no-such-option"]);
      const message = await waitFor(
        async () => {
          const text = await screen(outer);
          return text.includes("the dashboard failed") ? text : undefined;
        },
        15_000,
        "the failure message on the client",
      );
      expect(message).toContain("no-such-option");
      const log = join(state, "logs", "dashboard.log");
      await waitFor(() => existsSync(log), 5000, "the dashboard log");
      expect(readFileSync(log, "utf8")).toContain("unknown option '--no-such-option'");
    },
    TIMEOUT_MS,
  );

  test(
    "npm start, run twice with no tmux server, opens the demo server's dashboard with its agents each time",
    async () => {
      const demo = demos();
      const line = `cd '${ROOT}' && ${demo.shellEnv} npm start; echo "npm start exited $?"; exec sh`;
      const s = await server({ width: 160, height: 40 });
      for (const round of [1, 2]) {
        const pane = (await s.run("new-window", "-P", "-F", "#{pane_id}", "sh", "-c", line)).trim();
        const shown = await screenShows(
          s,
          pane,
          showsDemoAgents,
          `the demo agents, one in each state (round ${round})`,
          30_000,
        );
        expect(shown).toContain("taw demo");
        if (round === 1) await expectAllocatorSettingKept(demo.tmux);
        await s.run("send-keys", "-t", pane, "q");
        await screenShows(s, pane, (text) => text.includes("npm start exited 0"), "a clean exit");
      }
    },
    TIMEOUT_MS,
  );
});
