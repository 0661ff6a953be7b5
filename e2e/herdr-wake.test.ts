// A socket call that changes tmux wakes the engine: with no agent anywhere the engine ticks
// once a second, and without the wake what a client just did reached subscribers (and the
// engine's model, which later calls answer from) up to a second later.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, open } from "../src/herdr/client.ts";
import { useServers, waitFor } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";

const server = useServers();
const TABS = 6;
/** Well under the agent-less second, with room for a loaded machine. */
const WOKEN_MS = 500;

describe("the herdr socket wakes the engine", () => {
  test("a tab made through the socket on a server with no agent reaches a subscriber within half a second, every time", async () => {
    const s = await server();
    const config = mkdtempSync(join(tmpdir(), "taw-herdr-wake-"));
    writeFileSync(join(config, "config.toml"), '[herdr]\nclient = ["read", "write", "admin"]\n');
    const { path, proc } = await engineWithSocket(s, { TAW_CONFIG_DIR: config });
    try {
      const sub = await open(path, "events.subscribe", { subscriptions: [{ type: "tab.created" }] });
      expect(sub.first.result).toEqual({ type: "subscription_started" });
      const latencies: number[] = [];
      for (let index = 0; index < TABS; index++) {
        const made = await call(path, "tab.create", { workspace_id: "w0", focus: false });
        expect(made.result?.tab?.tab_id).toMatch(/^w0:t\d+$/);
        const answered = performance.now();
        const tabId = made.result.tab.tab_id;
        await waitFor(
          () => sub.later.some((line) => line.data?.tab?.tab_id === tabId),
          5_000,
          `tab_created for ${tabId}`,
        );
        latencies.push(performance.now() - answered);
        // Land the next call anywhere in the engine's cycle.
        await Bun.sleep(137 * (index + 1));
      }
      sub.close();
      console.log(`tab.create answered → tab_created: ${latencies.map(Math.round).join(", ")} ms`);
      expect(Math.max(...latencies)).toBeLessThan(WOKEN_MS);
    } finally {
      proc.kill();
      await proc.exited;
    }
  }, 30_000);
});
