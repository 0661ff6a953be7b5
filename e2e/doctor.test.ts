// taw doctor against real servers: every check's line, and exit 1 whenever one fails.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { restartServer, startServer, type TestServer, useServers } from "./harness.ts";

const server = useServers();
/** Real servers and an engine: longer than bun's default test timeout. */
const TIMEOUT_MS = 60_000;

interface CheckLine {
  name: string;
  level: "ok" | "warn" | "fail";
  detail: string;
  fix?: string;
}

/** A config folder of its own (with `config` as config.toml when given), and a state folder. */
function folders(config?: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), "taw-doctor-"));
  if (config !== undefined) writeFileSync(join(dir, "config.toml"), config);
  return { TAW_CONFIG_DIR: dir, TAW_STATE_DIR: dir };
}

async function doctor(s: TestServer, env: Record<string, string>) {
  const text = await s.taw(["doctor"], env);
  const json = await s.taw(["doctor", "--json"], env);
  const checks = (json.json?.result?.checks ?? []) as CheckLine[];
  return { text, json, check: (name: string) => checks.find((c) => c.name === name) };
}

describe("taw doctor", () => {
  test(
    "no engine: the engine line fails and doctor exits 1; with the engine up, every line is ok and exit 0",
    async () => {
      const s = await server();
      const env = folders();
      const without = await doctor(s, env);
      expect(without.text.code).toBe(1);
      expect(without.text.stdout).toMatch(/^FAIL engine: no engine runs .* — start it with 'taw engine'/m);
      expect(without.text.stdout).toMatch(/^ok {3}tmux: tmux \d/m);
      expect(without.text.stdout).toContain(`ok   socket: `);
      expect(without.text.stdout).toMatch(/^ok {3}server: reachable, 1 session/m);
      expect(without.text.stdout).toMatch(/^warn plugin: not loaded/m);
      expect(without.json.code).toBe(1);
      expect(without.json.json?.ok).toBe(false);
      expect(without.json.json?.error?.code).toBe("doctor_failed");
      expect(without.check("socket")?.detail).toEndWith(`/${s.name}`);

      expect((await s.taw(["engine"], env)).code).toBe(0);
      try {
        const up = await doctor(s, env);
        expect(up.text.stdout).toMatch(/^ok {3}engine: pid \d+, up \d+s, taw /m);
        expect(up.text.stdout).toMatch(/^ok {3}config: /m);
        expect(up.text.stdout).toMatch(/^ok {3}manifests: \d+ loaded/m);
        expect(up.text.code).toBe(0);
        expect(up.json.json?.ok).toBe(true);
      } finally {
        await s.taw(["engine", "stop"], env);
      }
    },
    TIMEOUT_MS,
  );

  test(
    "a broken config.toml fails with its line",
    async () => {
      const s = await server();
      const env = folders("[notify]\nenabled = true\ndelay_seconds = \n");
      const { text, check } = await doctor(s, env);
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/^FAIL config: .*config\.toml:3: not valid TOML/m);
      expect(check("config")?.fix).toContain("taw config check");
      const unknown = await doctor(s, folders("[notify]\nsytem = true\n"));
      expect(unknown.text.stdout).toMatch(/^FAIL config: .*config\.toml:2: .*sytem/m);
    },
    TIMEOUT_MS,
  );

  test(
    "a socket with no server: FAIL, start tmux or pass -L/-S, exit 1",
    async () => {
      const killed = await startServer();
      await killed.kill();
      const never = join(mkdtempSync(join(tmpdir(), "taw-no-socket-")), "none");
      const envs: Record<string, string>[] = [{}, { TAW_TMUX_SOCKET: never }];
      for (const env of envs) {
        const { text, json, check } = await doctor(killed, { ...folders(), ...env });
        expect(text.code).toBe(1);
        expect(text.stdout).toMatch(/^FAIL socket: .* — start tmux or pass -L\/-S$/m);
        expect(text.stdout).toMatch(
          /^FAIL server: no tmux server is running .* — start tmux or pass -L\/-S$/m,
        );
        expect(text.stdout).not.toMatch(/^ok {3}(socket|server)/m);
        expect(json.json?.ok).toBe(false);
        expect(check("engine")?.level).toBe("warn");
      }
      const { text } = await doctor(killed, { ...folders(), TAW_TMUX_SOCKET: never });
      expect(text.stdout).toContain(`FAIL socket: no socket at ${never}`);
    },
    TIMEOUT_MS,
  );

  test(
    "the plugin records the server it is loaded into; a new server without it is told the last one ended",
    async () => {
      const s = await server();
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      const env = folders();
      expect((await s.taw(["tmux", "install"], env)).code).toBe(0);
      const pid = Number((await s.run("display-message", "-p", "#{pid}")).trim());
      const servers = join(env.TAW_STATE_DIR ?? "", "servers");
      const [record] = readdirSync(servers);
      const recorded = JSON.parse(readFileSync(join(servers, record ?? ""), "utf8"));
      expect(recorded).toMatchObject({ pid, socket: expect.stringContaining(s.name) });
      expect((await doctor(s, env)).check("plugin")?.detail).not.toContain("has ended");
      await s.run("kill-server").catch(() => undefined);
      const again = await restartServer(s.name);
      const { check } = await doctor(again, env);
      expect(check("plugin")).toMatchObject({ level: "warn" });
      expect(check("plugin")?.detail).toContain(`the server it was last loaded into here (pid ${pid}`);
      expect(check("plugin")?.detail).toContain("has ended");
    },
    TIMEOUT_MS,
  );

  test(
    "the plugin's keys and hooks: ok as installed, FAIL once a key no longer runs taw",
    async () => {
      const s = await server();
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      const env = folders();
      expect((await s.taw(["tmux", "install"], env)).code).toBe(0);
      expect((await doctor(s, env)).check("plugin")).toMatchObject({ level: "ok" });
      await s.run("bind-key", "-T", "prefix", "A", "display-message", "mine");
      const { check } = await doctor(s, env);
      expect(check("plugin")?.level).toBe("fail");
      expect(check("plugin")?.detail).toContain("prefix A");
      expect(check("plugin")?.fix).toContain("taw tmux install");
    },
    TIMEOUT_MS,
  );

  test(
    "[notify] system = true without notify-send fails with the fix",
    async () => {
      const s = await server();
      // A PATH with tmux and the launcher's tools, and no notify-send.
      const bin = mkdtempSync(join(tmpdir(), "taw-no-notify-"));
      for (const tool of ["tmux", "dirname", "readlink"])
        symlinkSync(Bun.which(tool) ?? tool, join(bin, tool));
      const env = { ...folders("[notify]\nsystem = true\n"), PATH: bin };
      const { text, check } = await doctor(s, env);
      expect(text.stdout).toMatch(/^FAIL notify: .*notify-send is not on PATH/m);
      expect(check("notify")?.fix).toContain("system = false");
      expect(text.code).toBe(1);
    },
    TIMEOUT_MS,
  );
});
