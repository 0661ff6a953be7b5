// Every command of herdr's CLI reference (e2e/fixtures/herdr/cli-reference.json, from herdr's
// docs at the commit it names) run through taw's `herdr` (the HERDR_BIN_PATH the engine
// publishes) against a real engine: each is answered (exit 0), refused with the reason (exit 2
// saying why, or herdr's `unsupported` error), or failing. None may fail.

import { describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { git, useRepos } from "./git-repo.ts";
import { AWAY, attachedClient, ROOT, type TestServer, useServers } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";

const server = useServers();
const repos = useRepos();
const FIXTURES = join(ROOT, "e2e", "fixtures", "herdr");
const reference = (await Bun.file(join(FIXTURES, "cli-reference.json")).json()) as {
  commands: { command: string; argv: string[]; save?: Record<string, string> }[];
};

type Outcome = "answered" | "refused" | "failing";

/** The commands herdr's CLI answers with nothing on stdout (its `send_ok_request`, herdr's
 * src/cli/pane.rs at the fixture's commit): a hook that runs them must see silence. */
const SILENT = new Set([
  "pane send-text",
  "pane send-keys",
  "pane run",
  "pane report-agent",
  "pane report-agent-session",
  "pane release-agent",
  "pane report-metadata",
]);

/** What herdr's CLI prints for these, exactly (herdr's src/cli/notification.rs: the answer line). */
const EXACT: Record<string, string> = {
  "notification show": '{"id":"cli:notification:show","result":{"type":"ok"}}\n',
};

function outcomeOf(code: number, stderr: string): Outcome {
  if (code === 0) return "answered";
  if (code === 2 && /is not answered here: \S/.test(stderr)) return "refused";
  if (code === 1 && stderr.includes('"code":"unsupported"')) return "refused";
  return "failing";
}

/** A value a later command uses: `json:a.b.c` of the answer line, or `re:<regex>`'s group. */
function saved(spec: string, stdout: string): string | undefined {
  if (spec.startsWith("re:")) return stdout.match(new RegExp(spec.slice(3)))?.[1];
  let value: unknown = JSON.parse(stdout);
  for (const key of spec.slice(5).split(".")) value = (value as Record<string, unknown>)?.[key];
  return typeof value === "string" ? value : undefined;
}

/** A git repository at `<root>/taw-test/smoke-plugin` holding the smoke plugin, reached as
 * github.com through the git config's `insteadOf`. */
function pluginSource(root: string): string {
  const repo = join(root, "taw-test", "smoke-plugin");
  mkdirSync(repo, { recursive: true });
  Bun.spawnSync(["git", "init", "-q", "-b", "main", repo]);
  copyFileSync(join(FIXTURES, "plugin-smoke", "herdr-plugin.toml"), join(repo, "herdr-plugin.toml"));
  git(repo, "add", ".");
  git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "plugin");
  const config = join(root, "gitconfig");
  writeFileSync(config, `[url "file://${root}/"]\n\tinsteadOf = https://github.com/\n`);
  return config;
}

async function publicPane(s: TestServer, target: string): Promise<string> {
  const ids = (await s.run("display-message", "-p", "-t", target, "#{session_id} #{pane_id}")).trim();
  const [session, pane] = ids.split(" ");
  return `w${session?.slice(1)}:p${pane?.slice(1)}`;
}

describe("herdr's CLI reference through taw's herdr", () => {
  test("each documented command is answered or refused with its reason; none fails", async () => {
    const s = await server();
    await s.run("set-option", "-g", "default-shell", "/bin/sh");
    const scratch = mkdtempSync(join(tmpdir(), "taw-herdr-cli-"));
    const config = join(scratch, "config");
    mkdirSync(config);
    writeFileSync(
      join(config, "config.toml"),
      '[herdr]\nclient = ["read", "write", "respond", "admin"]\n\n[agents.sleep]\ncommand = "sleep"\nargs = ["60"]\n',
    );
    const home = join(scratch, "home");
    // `integration install claude` writes into Claude Code's folder, which must exist.
    mkdirSync(join(home, ".claude"), { recursive: true });
    const more = { TAW_CONFIG_DIR: config, HOME: home, GIT_CONFIG_GLOBAL: pluginSource(scratch) };
    const { path, proc, env } = await engineWithSocket(s, more);
    try {
      const published = (await s.run("show-environment", "-g", "HERDR_BIN_PATH")).trim();
      const herdr = published.slice("HERDR_BIN_PATH=".length);
      const { repo } = repos();
      // `workspace focus` and `agent focus` act on an attached client.
      await attachedClient(server, s);
      // The default shell (sh) itself, at its prompt: `agent start` wants an idle shell.
      const idle = (await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}")).trim();
      const values: Record<string, string> = {
        pane: await publicPane(s, "main:0"),
        idle: await publicPane(s, idle),
        workspace: (await publicPane(s, "main:0")).split(":")[0] as string,
        repo,
        plugin_dir: join(FIXTURES, "plugin-smoke"),
      };
      const runEnv = s.env({ ...env, ...more, HERDR_SOCKET_PATH: path });
      const results: { command: string; outcome: Outcome; code: number; stderr: string }[] = [];
      const noisy: string[] = [];
      for (const entry of reference.commands) {
        const argv = entry.argv.map((word) =>
          word.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? `{${name}}`),
        );
        const run = Bun.spawn([herdr, ...argv], {
          cwd: AWAY,
          env: runEnv,
          stdin: "ignore",
          stdout: "pipe",
          stderr: "pipe",
        });
        const [stdout, stderr, code] = await Promise.all([
          new Response(run.stdout).text(),
          new Response(run.stderr).text(),
          run.exited,
        ]);
        for (const [name, spec] of Object.entries(entry.save ?? {})) {
          const value = code === 0 ? saved(spec, stdout) : undefined;
          if (value) values[name] = value;
        }
        const exact = SILENT.has(entry.command) ? "" : EXACT[entry.command];
        if (exact !== undefined && (code !== 0 || stdout !== exact))
          noisy.push(`${entry.command} (exit ${code}): ${JSON.stringify(stdout)} ${stderr.trim()}`);
        results.push({
          command: entry.command,
          outcome: outcomeOf(code, stderr),
          code,
          stderr: stderr.trim(),
        });
      }
      const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome);
      console.log(
        `herdr CLI reference: ${reference.commands.length} commands, ${count("answered").length} answered, ` +
          `${count("refused").length} refused with a reason, ${count("failing").length} failing`,
      );
      expect(count("failing").map((r) => `${r.command} (exit ${r.code}): ${r.stderr}`)).toEqual([]);
      expect(count("answered").length).toBeGreaterThanOrEqual(70);
      expect(noisy).toEqual([]);
    } finally {
      proc.kill();
      await proc.exited;
    }
  }, 240_000);
});
