// herdr's environment in panes of a taw-watched server: the engine publishes HERDR_ENV,
// HERDR_SOCKET_PATH and HERDR_BIN_PATH in tmux's global environment (an outer herdr's ids
// taken out), `taw shell-init` gives each pane its ids, and `$HERDR_BIN_PATH` answers herdr's
// command line from inside the pane, as a herdr hook script calls it.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TestServer, useServers, waitFor } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";

const TEST_MS = 40_000;
const server = useServers();

async function globalEnv(s: TestServer): Promise<Record<string, string>> {
  const lines = (await s.run("show-environment", "-g")).split("\n");
  return Object.fromEntries(
    lines.filter((line) => line.startsWith("HERDR_")).map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
}

let outputs = 0;

/** Type `command` into `pane`'s shell with its stdout to a file; answers what it printed. */
async function typed(s: TestServer, pane: string, dir: string, command: string): Promise<string> {
  const out = join(dir, `${++outputs}.out`);
  await s.run("send-keys", "-t", pane, "-l", `{ ${command}; } > ${out}.tmp 2>&1; mv ${out}.tmp ${out}`);
  await s.run("send-keys", "-t", pane, "Enter");
  return waitFor(() => (existsSync(out) ? readFileSync(out, "utf8") : undefined), 10_000, command);
}

describe("herdr's environment and command in panes", () => {
  test(
    "published for new panes (an outer herdr's ids gone); shell-init gives the ids; herdr answers inside",
    async () => {
      const s = await server();
      // The server was started inside a real herdr: its ids must not reach taw's panes.
      await s.run("set-environment", "-g", "HERDR_PANE_ID", "outer-pane");
      await s.run("set-environment", "-g", "HERDR_SOCKET_PATH", "/tmp/outer-herdr.sock");
      const { path, proc } = await engineWithSocket(s);
      try {
        const published = await waitFor(
          async () => {
            const env = await globalEnv(s);
            return env.HERDR_SOCKET_PATH === path ? env : undefined;
          },
          10_000,
          "HERDR_* published",
        );
        expect(published.HERDR_ENV).toBe("1");
        expect(published.HERDR_BIN_PATH).toMatch(/\/bin\/herdr$/);
        expect(published.HERDR_PANE_ID).toBeUndefined();

        const dir = mkdtempSync(join(tmpdir(), "taw-herdr-env-"));
        const rc = join(dir, "rc");
        writeFileSync(rc, (await s.taw(["shell-init", "bash"])).stdout);
        const pane = (
          await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", `bash --rcfile ${rc} -i`)
        ).trim();
        const ids = (await s.run("display-message", "-p", "-t", pane, "#{session_id} #{window_id}")).trim();
        const [session, window] = ids.split(" ").map((id) => id.slice(1));
        const publicId = `w${session}:p${pane.slice(1)}`;
        const seen = await typed(
          s,
          pane,
          dir,
          'echo "$HERDR_ENV|$HERDR_WORKSPACE_ID|$HERDR_TAB_ID|$HERDR_PANE_ID"',
        );
        expect(seen.trim()).toBe(`1|w${session}|w${session}:t${window}|${publicId}`);

        // herdr's command line, as a hook script runs it.
        const current = JSON.parse(await typed(s, pane, dir, '"$HERDR_BIN_PATH" pane current --current'));
        expect(current.result.pane).toMatchObject({ pane_id: publicId, tab_id: `w${session}:t${window}` });
        const listed = JSON.parse(await typed(s, pane, dir, '"$HERDR_BIN_PATH" pane list'));
        expect(listed.result.panes.map((p: { pane_id: string }) => p.pane_id)).toContain(publicId);
        await typed(
          s,
          pane,
          dir,
          '"$HERDR_BIN_PATH" pane report-agent --pane "$HERDR_PANE_ID" --source herdr-hook --agent crush --state working',
        );
        await waitFor(
          async () =>
            (await s.run("display-message", "-p", "-t", pane, "#{@agent_state}")).trim() === "working",
          10_000,
          "the report counted",
        );
        // A pane may read but not type (config.toml [herdr] pane = ["read"] by default).
        const first = (
          await s.run("display-message", "-p", "-t", "main:0", "#{session_id}:#{pane_id}")
        ).trim();
        const other = `w${first.split(":")[0]?.slice(1)}:p${first.split(":")[1]?.slice(1)}`;
        const refused = await typed(
          s,
          pane,
          dir,
          `"$HERDR_BIN_PATH" pane send-text ${other} hi; echo "rc=$?"`,
        );
        expect(refused).toContain('"code":"forbidden"');
        expect(refused).toContain("rc=1");
        const unknown = await typed(s, pane, dir, '"$HERDR_BIN_PATH" session list; echo "rc=$?"');
        expect(unknown).toContain("is not answered here: herdr sessions");
        expect(unknown).toContain("rc=2");
      } finally {
        proc.kill();
        await proc.exited;
      }
    },
    TEST_MS,
  );

  test(
    "shells taw makes (workspace, tab, split) start with their own ids, in their folder, as tmux would start them",
    async () => {
      const s = await server();
      // A login bash on some machines runs slow rc hooks: the user's shell here is sh.
      await s.run("set-option", "-g", "default-shell", "/bin/sh");
      const { path, proc } = await engineWithSocket(s);
      try {
        await waitFor(
          async () => (await globalEnv(s)).HERDR_SOCKET_PATH === path || undefined,
          10_000,
          "published",
        );
        const dir = mkdtempSync(join(tmpdir(), "taw-herdr-made-"));
        const workspace = await s.taw(["workspace", "create", "made", "--cwd", dir, "--json"]);
        expect(workspace.code).toBe(0);
        const tab = await s.taw(["tab", "create", "second", "--workspace", "made", "--cwd", dir, "--json"]);
        expect(tab.code).toBe(0);
        const first = (await s.run("list-panes", "-t", "made:0", "-F", "#{pane_id}")).trim();
        const split = await s.taw(["pane", "split", first, "--direction", "right", "--cwd", dir, "--json"]);
        expect(split.code).toBe(0);
        // With default-command set, tmux runs it with the shell's -c: so does the respawn.
        await s.run("set-option", "-g", "default-command", "exec /bin/sh");
        const split2 = await s.taw(["pane", "split", first, "--cwd", dir, "--json"]);
        expect(split2.code).toBe(0);

        const panes = (
          await s.run(
            "list-panes",
            "-s",
            "-t",
            "made",
            "-F",
            "#{session_id} #{window_id} #{pane_id} #{pane_pid} #{pane_current_path}",
          )
        )
          .trim()
          .split("\n");
        expect(panes).toHaveLength(4);
        for (const line of panes) {
          const [session = "", window = "", pane = "", pid = "", cwd] = line.split(" ");
          const shell = await waitFor(
            async () => {
              const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
              return argv[0] === "/bin/sh" ? argv : undefined;
            },
            10_000,
            `${pane} runs its shell, not the placeholder`,
          );
          expect(["/bin/sh -l", "/bin/sh"]).toContain(shell.join(" "));
          const env = Object.fromEntries(
            readFileSync(`/proc/${pid}/environ`, "utf8")
              .split("\0")
              .filter((entry) => entry.startsWith("HERDR_"))
              .map((entry) => entry.split(/=(.*)/s).slice(0, 2)),
          );
          const n = (id: string) => id.slice(1);
          expect(env).toMatchObject({
            HERDR_WORKSPACE_ID: `w${n(session)}`,
            HERDR_TAB_ID: `w${n(session)}:t${n(window)}`,
            HERDR_PANE_ID: `w${n(session)}:p${n(pane)}`,
            HERDR_SOCKET_PATH: path,
          });
          expect(cwd).toBe(dir);
        }
      } finally {
        proc.kill();
        await proc.exited;
      }
    },
    TEST_MS,
  );

  test(
    'config.toml [herdr] protocol = "off": no HERDR_* in the global environment, an outer herdr\'s taken out',
    async () => {
      const s = await server();
      await s.run("set-environment", "-g", "HERDR_ENV", "1");
      const config = mkdtempSync(join(tmpdir(), "taw-herdr-config-"));
      mkdirSync(config, { recursive: true });
      writeFileSync(join(config, "config.toml"), '[herdr]\nprotocol = "off"\n');
      const { proc } = await engineWithSocket(s, { TAW_CONFIG_DIR: config });
      try {
        await waitFor(async () => Object.keys(await globalEnv(s)).length === 0 || undefined, 10_000, "none");
        expect(await globalEnv(s)).toEqual({});
        // A pane taw makes is started as tmux starts it, with no ids.
        await s.run("set-option", "-g", "default-shell", "/bin/sh");
        expect((await s.taw(["workspace", "create", "plain"])).code).toBe(0);
        const pid = (await s.run("display-message", "-p", "-t", "plain:0.0", "#{pane_pid}")).trim();
        expect(readFileSync(`/proc/${pid}/cmdline`, "utf8")).toBe("-sh\0");
        expect(readFileSync(`/proc/${pid}/environ`, "utf8")).not.toContain("HERDR_");
      } finally {
        proc.kill();
        await proc.exited;
      }
    },
    TEST_MS,
  );
});
