// The soak suite, CI-sized (the long run: bun bench/soak.ts --long). Each scenario runs the
// installed taw on its own real tmux server and prints its figures.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDashboard, screenShows } from "../dashboard-helpers.ts";
import { agentWindow, cue, fakeAgentDir, stateIs } from "../fake-agent/helpers.ts";
import { type TestServer, useServers, waitFor } from "../harness.ts";
import { agentCycles, fuzz, growth, moves, readEvents, refuseWrites, reportStorm } from "./scenarios.ts";

const server = useServers();
const agents = fakeAgentDir();

async function withEngine(s: TestServer) {
  const stateDir = mkdtempSync(join(tmpdir(), "taw-soak-"));
  const env = { TAW_STATE_DIR: stateDir };
  expect((await s.taw(["engine"], env)).code).toBe(0);
  const pid = async () => Number((await s.taw(["engine", "status", "--json"], env)).json?.result.pid ?? 0);
  return { env, stateDir, pid };
}

const engineError = async (s: TestServer) =>
  (await s.run("show-options", "-gqv", "@agent_wizard_engine_error")).trim();

/** While the state folder takes no writes, states still change; answers what the engine said. */
async function detectsWhileWritesFail(s: TestServer, pane: string): Promise<string> {
  await cue(s, pane, "blocked");
  await stateIs(s, pane, "blocked");
  await cue(s, pane, "working");
  await stateIs(s, pane, "working");
  return waitFor(async () => (await engineError(s)) || undefined, 3000, "the write failure said");
}

/** Writes work again: the next event is written and the warning goes. */
async function warningGoes(s: TestServer, pane: string): Promise<void> {
  await cue(s, pane, "blocked");
  await waitFor(async () => (await engineError(s)) === "", 5000, "the warning gone");
}

describe("soak (short)", () => {
  test("agent cycles: no missed or duplicated transition, no stale record", async () => {
    const s = await server();
    const { env, stateDir } = await withEngine(s);
    const figures = await agentCycles(s, agents, stateDir, 6, 2);
    console.log("cycles", JSON.stringify(figures));
    expect(figures.missed).toBe(0);
    expect(figures.duplicated).toBe(0);
    expect(figures.stale).toBe(0);
    expect(figures.done).toBe(figures.expectedDone);
    await s.taw(["engine", "stop"], env);
  }, 60_000);

  test("RSS and fds flat with 30 panes for 10 s", async () => {
    const s = await server();
    const { env, pid } = await withEngine(s);
    const figures = await growth(s, await pid(), 30, 10, agents);
    console.log("growth", JSON.stringify(figures));
    expect(figures.end.fds).toBeLessThanOrEqual(figures.start.fds);
    expect(figures.end.rssMb - figures.start.rssMb).toBeLessThan(5);
    await s.taw(["engine", "stop"], env);
  }, 40_000);

  test("report hooks at 50/s with an agent list loop and two dashboards: the last seq wins, nothing fails", async () => {
    const s = await server();
    const { env } = await withEngine(s);
    const figures = await reportStorm(s, env, agents, 50, 2);
    console.log("reports", JSON.stringify(figures));
    expect(figures.finalSeq).toBe(figures.sent);
    expect(figures.finalState).toBe(figures.expectedState);
    expect(figures.listFailures).toBe(0);
    expect(figures.listCalls).toBeGreaterThan(0);
    expect(figures.dashboardsUp).toBe(figures.dashboards);
    await s.taw(["engine", "stop"], env);
  }, 40_000);

  test("hostile text in every free-text argument: no crash, no injection", async () => {
    const s = await server();
    const { env, pid } = await withEngine(s);
    const before = await pid();
    const figures = await fuzz(s, env, agents, 14);
    console.log("fuzz", JSON.stringify(figures));
    expect(figures.crashes).toBe(0);
    expect(figures.injections).toBe(0);
    expect(figures.serverAlive).toBe(true);
    expect(await pid()).toBe(before);
    await s.taw(["engine", "stop"], env);
  }, 60_000);

  test("windows moved, sessions renamed, panes dying mid-read: states kept, engine up", async () => {
    const s = await server();
    const { env, pid } = await withEngine(s);
    const figures = await moves(s, agents, pid);
    console.log("moves", JSON.stringify(figures));
    expect(figures.lost).toBe(0);
    expect(figures.enginePidSame).toBe(true);
    await s.taw(["engine", "stop"], env);
  }, 40_000);

  test("the tmux server killed under the engine: it exits cleanly, no stack trace", async () => {
    const s = await server();
    const { stateDir, pid } = await withEngine(s);
    const engine = await pid();
    const killed = Date.now();
    await s.kill();
    await waitFor(
      () => {
        try {
          process.kill(engine, 0);
          return false;
        } catch {
          return true;
        }
      },
      5000,
      "the engine gone",
    );
    console.log(`engine exited ${Date.now() - killed} ms after kill-server`);
    const stderr = readFileSync(join(stateDir, "logs", "engine.stderr.log"), "utf8");
    expect(stderr).not.toMatch(/\n\s+at |error/i);
    expect(readFileSync(join(stateDir, "logs", "engine.log"), "utf8")).toContain(
      "the tmux server has gone away",
    );
  }, 30_000);

  test("the server killed under a dashboard watching it from another: it says so, and recovers when the server is back", async () => {
    const s = await server();
    const { env, stateDir } = await withEngine(s);
    await agentWindow(s, agents);
    // The dashboard runs in a second server (another terminal) and watches the first.
    const observer = await server({ width: 160 });
    const dashboard = await openDashboard(s, { env, on: observer });
    await screenShows(
      observer,
      dashboard,
      (text) => text.includes("engine: reading"),
      "the dashboard reading",
    );
    const killed = Date.now();
    await s.kill();
    const gone = await screenShows(
      observer,
      dashboard,
      (text) => /no (tmux )?server/i.test(text),
      "the server gone said",
    );
    console.log(`dashboard said the server was gone ${Date.now() - killed} ms after kill-server`);
    expect(gone).not.toMatch(/\n\s+at |dashboard exited/);
    // The server comes back: the dashboard finds it, hosts the engine, and shows its session.
    Bun.spawnSync(["tmux", "-L", s.name, "-f", "/dev/null", "new-session", "-d", "-s", "back", "sh"], {
      env: { ...process.env, TMUX: "", TAW_STATE_DIR: stateDir },
    });
    await observer.run("send-keys", "-t", dashboard, "Tab");
    const back = await screenShows(
      observer,
      dashboard,
      (text) => /▾ back\b/.test(text) && /engine: (hosting|reading)/.test(text),
      "the dashboard back on the new server",
      15_000,
    );
    expect(back).not.toMatch(/dashboard exited/);
    await observer.run("send-keys", "-t", dashboard, "q");
    await screenShows(observer, dashboard, (text) => text.includes("dashboard exited 0"), "a clean exit");
  }, 60_000);

  test("a state folder that refuses writes: the engine keeps detecting, says why, recovers", async () => {
    const s = await server();
    const { env, stateDir } = await withEngine(s);
    const pane = await agentWindow(s, agents);
    await stateIs(s, pane, "idle", 15_000);
    const restore = refuseWrites(stateDir);
    try {
      // It says why it cannot write its events, where doctor reads it.
      const said = await detectsWhileWritesFail(s, pane);
      expect(said).toContain("cannot write events");
      expect((await s.taw(["doctor"], env)).stdout).toMatch(
        /^warn engine: .*cannot write events: something in the way in .*events.* — do what it says/m,
      );
    } finally {
      restore();
    }
    // Writable again: the next event is written and the warning goes.
    await warningGoes(s, pane);
    await s.taw(["engine", "stop"], env);
  }, 30_000);

  // A real full disk: a small tmpfs as the state folder, filled up. Mounting needs root (as on
  // this project's CI); elsewhere the refused-writes test above stands in for it.
  const mountTmpfs = (dir: string) =>
    Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir]).exitCode === 0;
  const probe = mkdtempSync(join(tmpdir(), "taw-mount-probe-"));
  const canMount = mountTmpfs(probe) && Bun.spawnSync(["umount", probe]).exitCode === 0;
  rmSync(probe, { recursive: true, force: true });
  test.skipIf(!canMount)(
    "a full state folder: the engine keeps detecting, says why, recovers when space returns",
    async () => {
      const fullDisk = mkdtempSync(join(tmpdir(), "taw-full-"));
      expect(mountTmpfs(fullDisk)).toBe(true);
      const s = await server();
      const env = { TAW_STATE_DIR: fullDisk };
      try {
        expect((await s.taw(["engine"], env)).code).toBe(0);
        const pane = await agentWindow(s, agents);
        await stateIs(s, pane, "idle", 15_000);
        // Fill what is left: the next event line finds no space.
        Bun.spawnSync(["dd", "if=/dev/zero", `of=${join(fullDisk, "fill")}`, "bs=4k"], { stderr: "ignore" });
        const said = await detectsWhileWritesFail(s, pane);
        expect(said).toMatch(
          /^cannot write (events|the roster): no space left on the disk that holds .*: free some space \(ENOSPC\)$/,
        );
        expect((await s.taw(["doctor"], env)).stdout).toMatch(/^warn engine: .*cannot write .*ENOSPC/m);
        // Space again: the next event is written and the warning goes.
        rmSync(join(fullDisk, "fill"));
        await warningGoes(s, pane);
        expect(readEvents(fullDisk).some((event) => event.tmux_id === pane && event.to === "blocked")).toBe(
          true,
        );
      } finally {
        await s.taw(["engine", "stop"], env);
        await s.kill();
        // The engine's last files close a moment after it is told to stop.
        await waitFor(
          () => Bun.spawnSync(["umount", fullDisk], { stderr: "ignore" }).exitCode === 0,
          10_000,
          "umount",
        );
        rmSync(fullDisk, { recursive: true, force: true });
      }
    },
    40_000,
  );
});
