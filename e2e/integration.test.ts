// taw integration in a scratch HOME: install twice leaves one set of hooks beside the user's
// own, uninstall gives the file back byte for byte, and the installed hook lines, run as the
// agent runs them (sh -c, the hook's JSON on stdin, $TMUX_PANE), report into the pane.

import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { option } from "./fake-agent/helpers.ts";
import { TAW, type TestServer, useServers } from "./harness.ts";

const TEST_MS = 30_000;
const server = useServers();

const USER_SETTINGS = `${JSON.stringify(
  {
    permissions: { defaultMode: "default" },
    hooks: { Stop: [{ hooks: [{ type: "command", command: "echo mine" }] }] },
  },
  null,
  2,
)}\n`;

function scratchClaude(): { home: string; settings: string } {
  const home = mkdtempSync(join(tmpdir(), "taw-home-"));
  mkdirSync(join(home, ".claude"));
  const settings = join(home, ".claude", "settings.json");
  writeFileSync(settings, USER_SETTINGS);
  return { home, settings };
}

/** The command taw's hook runs for `event` in Claude's settings. */
function hookCommand(settings: string, event: string): string {
  const groups = JSON.parse(readFileSync(settings, "utf8")).hooks[event] as {
    hooks: { command: string }[];
  }[];
  const ours = groups
    .flatMap((group) => group.hooks)
    .filter((hook) => hook.command.includes("taw-integration"));
  expect(ours).toHaveLength(1);
  return ours[0]?.command as string;
}

/** Run a hook line as Claude does: sh -c, its input on stdin, in the pane's environment. */
async function runHook(s: TestServer, command: string, input: object, pane?: string) {
  const env = s.env(pane ? { TMUX_PANE: pane } : {});
  const proc = Bun.spawn(["sh", "-c", command], {
    env,
    stdin: new TextEncoder().encode(JSON.stringify(input)),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}

describe("taw integration", () => {
  test(
    "install twice leaves one hook per event beside the user's; list and uninstall",
    async () => {
      const s = await server();
      const { home, settings } = scratchClaude();
      const first = await s.taw(["integration", "install", "claude", "--json"], { HOME: home });
      expect(first.json?.result).toMatchObject({
        agent: "claude",
        changed: true,
        backups: [`${settings}.taw-backup`],
      });
      expect(readFileSync(`${settings}.taw-backup`, "utf8")).toBe(USER_SETTINGS);
      const again = await s.taw(["integration", "install", "claude"], { HOME: home });
      expect(again.stdout.trim()).toBe("claude: already installed");
      hookCommand(settings, "SessionStart");
      expect(readFileSync(settings, "utf8")).toContain('"command": "echo mine"');

      const list = await s.taw(["integration", "list", "--json"], { HOME: home });
      const rows = list.json?.result as { agent: string; installed: boolean; files: string[] }[];
      expect(rows.find((row) => row.agent === "claude")).toMatchObject({
        installed: true,
        files: [settings],
      });
      expect(rows.filter((row) => row.installed)).toHaveLength(1);
      expect(rows.map((row) => row.agent)).toEqual(
        expect.arrayContaining(["codex", "gemini", "opencode", "letta"]),
      );

      // The text speaks to a user: here or not, installed or not, what installing gives, what to run.
      const bin = mkdtempSync(join(tmpdir(), "taw-bin-"));
      writeFileSync(join(bin, "claude"), "#!/bin/sh\n", { mode: 0o755 });
      const path = `${bin}:/usr/bin:/bin`;
      const text = (await s.taw(["integration", "list"], { HOME: home, PATH: path })).stdout;
      const line = (agent: string) => text.split("\n").find((l) => l.startsWith(`${agent} `)) ?? "";
      expect(line("claude")).toMatch(
        /claude found +installed +its session, for resume.* taw integration uninstall claude$/,
      );
      expect(line("codex")).toMatch(/no codex on PATH +not installed .* taw integration install codex$/);
      expect(line("opencode")).toContain("its state and session, told by the agent itself");
      expect(text).not.toMatch(/stand-in|not run here|checked/i);
      const json = await s.taw(["integration", "list", "--json"], { HOME: home, PATH: path });
      expect(json.json?.result[0]).toMatchObject({ agent: "claude", available: true, command: "claude" });

      const removed = await s.taw(["integration", "uninstall", "claude", "--json"], { HOME: home });
      expect(removed.json?.result.changed).toBe(true);
      expect(readFileSync(settings, "utf8")).toBe(USER_SETTINGS);
    },
    TEST_MS,
  );

  test(
    "an unknown agent and a missing configuration folder are clear errors",
    async () => {
      const s = await server();
      const home = mkdtempSync(join(tmpdir(), "taw-home-"));
      const unknown = await s.taw(["integration", "install", "nope", "--json"], { HOME: home });
      expect(unknown.code).toBe(3);
      expect(unknown.json?.error?.code).toBe("unknown_agent");
      const missing = await s.taw(["integration", "install", "claude"], { HOME: home });
      expect(missing.code).toBe(3);
      expect(missing.stderr).toContain(`${home}/.claude does not exist`);
      const none = await s.taw(["integration", "install"], { HOME: home });
      expect(none.code).toBe(2);
    },
    TEST_MS,
  );

  test(
    "the installed hook reports the session and its resume command, silently; the state stays the screen's",
    async () => {
      const s = await server();
      const { home, settings } = scratchClaude();
      await s.taw(["integration", "install", "claude"], { HOME: home, TAW_BIN: TAW });
      const pane = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
      const input = {
        session_id: "5f0c-11",
        transcript_path: "/tmp/x y/5f0c-11.jsonl",
        hook_event_name: "SessionStart",
      };

      const start = await runHook(s, hookCommand(settings, "SessionStart"), input, pane);
      expect(start).toEqual({ stdout: "", stderr: "", code: 0 });
      expect(await option(s, pane, "@agent_kind")).toBe("claude");
      expect(await option(s, pane, "@agent_reported_kind")).toBe("claude");
      expect(await option(s, pane, "@agent_session_id")).toBe("5f0c-11");
      expect(await option(s, pane, "@agent_session_path")).toBe("/tmp/x y/5f0c-11.jsonl");
      expect(await option(s, pane, "@agent_resume_argv")).toBe("claude --resume 5f0c-11");
      expect(await option(s, pane, "@agent_resume_source")).toBe("claude");

      expect(await option(s, pane, "@agent_source")).not.toStartWith("hook:");

      const status = await s.taw(["integration", "status", "claude", "--json"], { HOME: home });
      const reported = status.json?.result.panes as {
        pane_id: string;
        source: string;
        reported_at: number;
      }[];
      expect(reported).toHaveLength(1);
      expect(reported[0]).toMatchObject({ pane_id: pane });
      expect(Math.abs(Date.now() - (reported[0]?.reported_at ?? 0))).toBeLessThan(20_000);
    },
    TEST_MS,
  );

  test(
    "a hook whose agent leaves stdin open still reports, without waiting for it",
    async () => {
      const s = await server();
      const { home, settings } = scratchClaude();
      await s.taw(["integration", "install", "claude"], { HOME: home, TAW_BIN: TAW });
      const pane = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
      const start = Date.now();
      const proc = Bun.spawn(["sh", "-c", hookCommand(settings, "SessionStart")], {
        env: s.env({ TMUX_PANE: pane }),
        stdin: "pipe",
        stdout: "ignore",
        stderr: "ignore",
      });
      proc.stdin.write('{"session_id":"open-1"');
      expect(await proc.exited).toBe(0);
      expect(Date.now() - start).toBeLessThan(5_000);
      expect(await option(s, pane, "@agent_reported_kind")).toBe("claude");
      proc.stdin.end();
    },
    TEST_MS,
  );

  test(
    "outside tmux a hook does nothing and says nothing",
    async () => {
      const s = await server();
      const { home, settings } = scratchClaude();
      await s.taw(["integration", "install", "claude"], { HOME: home, TAW_BIN: "/nonexistent/taw" });
      const result = await runHook(s, hookCommand(settings, "SessionStart"), {});
      expect(result).toEqual({ stdout: "", stderr: "", code: 0 });
    },
    TEST_MS,
  );
});
