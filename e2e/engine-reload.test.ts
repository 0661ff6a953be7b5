// Manifests and config.toml reload live: an edit in the user's manifest folder reaches the
// engine and its watcher worker within a second or so; a broken edit keeps the last good one
// and says why (log, the manifest-error option, taw doctor).

import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { agentWindow, fakeAgentDir, option, stateIs } from "./fake-agent/helpers.ts";
import { ROOT, useServers, waitFor } from "./harness.ts";

const TEST_MS = 40_000;
const server = useServers();
const agents = fakeAgentDir();
const shipped = readFileSync(join(ROOT, "manifests", "claude.toml"), "utf8");
/** The shipped claude manifest with one more rule: its idle footer reads blocked. */
const idleReadsBlocked = shipped.replace(
  /\n\[\[rules\]\]/,
  '\n[[rules]]\nid = "footer_is_blocked"\nstate = "blocked"\npriority = 1000\nregion = "bottom_non_empty_lines(3)"\ncontains = "for shortcuts"\n\n[[rules]]',
);

describe("live reload", () => {
  test(
    "a user manifest edit reaches the engine's worker; a broken edit keeps the last good one",
    async () => {
      const s = await server();
      const config = mkdtempSync(join(tmpdir(), "taw-reload-config-"));
      const env = { TAW_CONFIG_DIR: config, TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-reload-")) };
      mkdirSync(join(config, "manifests"));
      expect((await s.taw(["engine"], env)).code).toBe(0);
      const pane = await agentWindow(s, agents);
      await stateIs(s, pane, "idle", 15_000);
      const file = join(config, "manifests", "claude.toml");
      const edited = Date.now();
      writeFileSync(file, idleReadsBlocked);
      await stateIs(s, pane, "blocked", 5000);
      const took = Date.now() - edited;
      console.log(`manifest edit → pane state ${took} ms`);
      expect(took).toBeLessThan(2500);
      expect(await option(s, pane, "@agent_rule")).toContain("footer_is_blocked");
      // Broken: the rule stays in force, and the error is said.
      writeFileSync(file, `${idleReadsBlocked}\n[[rules]\n`);
      const error = await waitFor(
        async () => (await s.run("show-options", "-gqv", "@agent_wizard_manifest_error")).trim() || undefined,
        3000,
        "the manifest error shown",
      );
      expect(error).toContain("claude.toml");
      expect(await option(s, pane, "@agent_state")).toBe("blocked");
      // A dashboard reading this engine says it in its message line.
      const dashboard = await openDashboard(s, { env, detached: true });
      await screenShows(
        s,
        dashboard,
        (text) => /engine: reading[\s\S]*manifest: .*claude\.toml/.test(text),
        "the error line",
      );
      const doctor = await s.taw(["doctor"], env);
      expect(doctor.stdout).toMatch(/claude\.toml/);
      // Fixed by going back to the shipped rules: idle again, the error gone.
      writeFileSync(file, shipped);
      await stateIs(s, pane, "idle", 5000);
      expect((await s.run("show-options", "-gqv", "@agent_wizard_manifest_error")).trim()).toBe("");
      await s.taw(["engine", "stop"], env);
    },
    TEST_MS,
  );

  test(
    "the dashboard's own engine reloads manifests too, and its message line says a broken one until fixed",
    async () => {
      const s = await server({ width: 160 });
      const config = mkdtempSync(join(tmpdir(), "taw-reload-config-"));
      const env = { TAW_CONFIG_DIR: config, TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-reload-")) };
      mkdirSync(join(config, "manifests"));
      const pane = await agentWindow(s, agents);
      const dashboard = await openDashboard(s, { env });
      await screenShows(
        s,
        dashboard,
        (text) => text.includes("engine: hosting"),
        "the dashboard hosting the engine",
      );
      await stateIs(s, pane, "idle", 15_000);
      const file = join(config, "manifests", "claude.toml");
      writeFileSync(file, idleReadsBlocked);
      await stateIs(s, pane, "blocked", 5000);
      writeFileSync(file, `${idleReadsBlocked}\n[[rules]\n`);
      await screenShows(
        s,
        dashboard,
        (text) => /manifest: .*claude\.toml/.test(text),
        "the manifest error line",
      );
      expect(await option(s, pane, "@agent_state")).toBe("blocked");
      writeFileSync(file, shipped);
      await stateIs(s, pane, "idle", 5000);
      await screenShows(s, dashboard, (text) => !text.includes("manifest:"), "the error line cleared");
    },
    TEST_MS,
  );
});
