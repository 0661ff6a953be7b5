// The engine a user never thinks about: a newer build restarts an older engine without a
// spurious transition, and a killed engine comes back on its own (its supervisor) and at the
// next verb.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentWindow, cue, fakeAgentDir, option, stateIs } from "./fake-agent/helpers.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";

const TEST_MS = 40_000;
const server = useServers();
const agents = fakeAgentDir();

const scratch = () => ({ TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-supervise-")) });
const claim = async (s: TestServer) =>
  (await s.taw(["engine", "status", "--json"])).json?.result as
    | { running: boolean; pid: number; build: string; restarts: number }
    | undefined;
/** The transitions the engine logged for a pane (events file of the server). */
const transitions = (env: { TAW_STATE_DIR: string }, s: TestServer, pane: string) => {
  try {
    const dir = join(env.TAW_STATE_DIR, "events");
    const file = readdirSync(dir).find((name) => name.endsWith(`${s.name}.jsonl`)) ?? "";
    return readFileSync(join(dir, file), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { kind: string; tmux_id: string; to: string | null })
      .filter((event) => event.tmux_id === pane && event.kind !== "pane.created");
  } catch {
    return [];
  }
};

describe("engine supervision", () => {
  test(
    "a verb of another build restarts the engine, which takes the panes as they are",
    async () => {
      const s = await server();
      const env = scratch();
      expect((await s.taw(["engine"], { ...env, TAW_BUILD: "0.0.1-old" })).code).toBe(0);
      const old = await claim(s);
      expect(old?.build).toBe("0.0.1-old");
      const pane = await agentWindow(s, agents);
      await stateIs(s, pane, "idle");
      await cue(s, pane, "blocked");
      await stateIs(s, pane, "blocked");
      const before = transitions(env, s, pane).length;
      expect(before).toBeGreaterThan(0);
      const listed = await s.taw(["agent", "list", "--json"], env);
      expect(listed.code).toBe(0);
      const now = await claim(s);
      expect(now?.running).toBe(true);
      expect(now?.pid).not.toBe(old?.pid);
      expect(now?.build).not.toBe("0.0.1-old");
      // The new engine has ticked for a while: the pane is still blocked, with no new transition.
      await Bun.sleep(1500);
      expect(await option(s, pane, "@agent_state")).toBe("blocked");
      expect(transitions(env, s, pane).length).toBe(before);
      // The same build again is left alone.
      expect((await s.taw(["engine"], env)).code).toBe(0);
      expect((await claim(s))?.pid).toBe(now?.pid);
      await s.taw(["engine", "stop"], env);
    },
    TEST_MS,
  );

  test(
    "kill -9: the supervisor brings the engine back within 2 s, counting the restart",
    async () => {
      const s = await server();
      const env = scratch();
      expect((await s.taw(["engine"], env)).code).toBe(0);
      const first = await claim(s);
      expect(first?.restarts).toBe(0);
      const killedAt = Date.now();
      process.kill(first?.pid ?? 0, "SIGKILL");
      const back = await waitFor(
        async () => {
          const now = await claim(s);
          return now?.running && now.pid !== first?.pid ? now : undefined;
        },
        5000,
        "the engine back",
      );
      const took = Date.now() - killedAt;
      console.log(`engine back ${took} ms after kill -9 (supervisor)`);
      expect(took).toBeLessThan(3000);
      expect(back.restarts).toBe(1);
      // taw doctor says which build, how long, and that it was restarted.
      const doctor = await s.taw(["doctor"], env);
      expect(doctor.stdout).toMatch(
        new RegExp(`engine: pid ${back.pid}, up \\d+s, taw ${back.build}, 1 restart\\b`),
      );
      // A clean stop is not restarted.
      expect((await s.taw(["engine", "stop"], env)).code).toBe(0);
      await Bun.sleep(1500);
      expect((await claim(s))?.running ?? false).toBe(false);
    },
    TEST_MS,
  );

  test(
    "kill -9 of engine and supervisor: the next verb starts one within 2 s",
    async () => {
      const s = await server();
      const env = scratch();
      expect((await s.taw(["engine"], env)).code).toBe(0);
      const first = await claim(s);
      // The supervisor is the engine's parent; kill both.
      const parent = Number(readFileSync(`/proc/${first?.pid}/stat`, "latin1").split(") ")[1]?.split(" ")[1]);
      process.kill(parent, "SIGKILL");
      process.kill(first?.pid ?? 0, "SIGKILL");
      await Bun.sleep(200);
      const started = Date.now();
      const seen = await s.taw(["seen", "%0"], env);
      expect(seen.code).toBe(0);
      await waitFor(async () => (await claim(s))?.running, 5000, "an engine started by the hook");
      const took = Date.now() - started;
      console.log(`engine back ${took} ms after a focus hook's taw seen`);
      expect(took).toBeLessThan(2000);
      await s.taw(["engine", "stop"], env);
    },
    TEST_MS,
  );
});
