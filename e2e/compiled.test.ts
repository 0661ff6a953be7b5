// The compiled taw (dist/taw, built by `npm install`): what the launcher and the popup key
// run, hosting an engine whose watcher worker lives inside the executable; and a copy of the
// package whose sources changed after the build, which runs the sources and builds anew.

import { describe, expect, test } from "bun:test";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMPILED_TAW, DASHBOARD_ENTRY_WORD } from "../src/compiled/place.ts";
import { screenShows } from "./dashboard-helpers.ts";
import { AWAY, attachedClient, ROOT, type TestServer, userEnv, useServers, waitFor } from "./harness.ts";

const server = useServers();
const TIMEOUT_MS = 90_000;

/** The command lines of every process, by pid. */
function processes(): Map<number, string> {
  const found = new Map<number, string>();
  const ps = Bun.spawnSync(["ps", "-eo", "pid=,ppid=,args="]).stdout.toString();
  for (const line of ps.split("\n")) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (match) found.set(Number(match[1]), `${match[2]} ${match[3]}`);
  }
  return found;
}

/** The processes whose parent is `pid`, as "ppid args" lines. */
const childrenOf = (pid: number) =>
  [...processes().values()]
    .filter((line) => line.startsWith(`${pid} `))
    .map((line) => line.slice(`${pid} `.length));

/** An executable named `claude` that does nothing for a long time: an agent by its process name. */
function fakeClaude(): string {
  const bin = mkdtempSync(join(tmpdir(), "taw-compiled-bin-"));
  copyFileSync(Bun.which("sleep") ?? "/bin/sleep", join(bin, "claude"));
  return join(bin, "claude");
}

/** A pane on `s` running `<copy>/bin/taw dashboard` from a user's folder; the pid of the
 * compiled taw the launcher became. */
async function runDashboard(s: TestServer, copy: string): Promise<{ pane: string; pid: number }> {
  const line = `cd '${AWAY}' && env -u NODE_ENV '${copy}/bin/taw' dashboard -L ${s.name}; echo "dashboard exited $?"; exec sh`;
  const pane = (await s.run("new-window", "-P", "-F", "#{pane_id}", "sh", "-c", line)).trim();
  const pid = await waitFor(
    async () => {
      const shell = Number((await s.run("display-message", "-p", "-t", pane, "#{pane_pid}")).trim());
      // sh -c runs the launcher as its child, which execs the compiled taw.
      const child = [...processes().entries()].find(
        ([, line]) => line.startsWith(`${shell} `) && line.includes(`${copy}/dist/taw dashboard`),
      );
      return child?.[0];
    },
    10_000,
    "the compiled taw's process",
  );
  return { pane, pid };
}

const agentRow = (text: string) => /· claude\s/.test(text);

describe("the compiled taw", () => {
  test(
    "npm install built it; the launcher, the engine it starts and prefix A run it, and the popup's engine names an agent through its worker",
    async () => {
      // A checkout edited since `npm install` has its build made now, as its first call would.
      const build = Bun.spawnSync(
        [join(ROOT, "node_modules", ".bin", "bun"), join(ROOT, "src/compiled/build.ts"), "--when-stale"],
        {
          cwd: ROOT,
          stderr: "pipe",
        },
      );
      expect(build.stderr.toString()).toBe("");
      expect(statSync(COMPILED_TAW).isFile()).toBe(true);
      const inner = await server({ width: 120, height: 30 });
      await inner.run("new-window", "-d", fakeClaude(), "1000");
      const engine = await inner.taw(["engine", "--json"]);
      expect(engine.json?.ok).toBe(true);
      expect(processes().get(engine.json?.result.pid)).toContain(`${COMPILED_TAW} engine --foreground`);
      expect((await inner.taw(["engine", "stop", "--json"])).json?.ok).toBe(true);
      // No engine from the plugin: the popup's dashboard hosts its own.
      await inner.run("set-option", "-g", "@agent-wizard-watch", "off");
      await inner.run("run-shell", `${ROOT}/assets/taw.tmux`);
      const outer = await attachedClient(server, inner, { width: 120, height: 30 });
      await outer.run("send-keys", "-t", "main", "C-b", "A");
      const shown = await screenShows(
        outer,
        "main",
        (text) => text.includes("taw popup") && agentRow(text),
        "the popup with the agent",
        20_000,
      );
      expect(shown).toContain("engine: host");
      const popup = [...processes().values()].find((line) =>
        line.includes(`${COMPILED_TAW} ${DASHBOARD_ENTRY_WORD} --popup`),
      );
      expect(popup).toBeDefined();
      await outer.run("send-keys", "-t", "main", "q");
      await waitFor(
        async () => !(await outer.run("capture-pane", "-p")).includes("taw popup"),
        5000,
        "closed",
      );
    },
    TIMEOUT_MS,
  );

  test(
    "an executable older than its sources runs the sources and builds itself anew",
    async () => {
      // A copy of the package, built from its own sources by the postinstall's script.
      const copy = mkdtempSync(join(tmpdir(), "taw-compiled-copy-"));
      for (const part of ["src", "bin", "manifests", "assets", "package.json", "tsconfig.json"])
        cpSync(join(ROOT, part), join(copy, part), { recursive: true, preserveTimestamps: true });
      symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
      const build = Bun.spawnSync(
        [join(ROOT, "node_modules", ".bin", "bun"), join(copy, "src/compiled/build.ts")],
        {
          cwd: AWAY,
          env: userEnv(),
          stderr: "pipe",
        },
      );
      expect(build.stderr.toString()).toBe("");
      const compiled = join(copy, "dist", "taw");
      const s = await server({ width: 160, height: 40 });
      await s.run("new-window", "-d", fakeClaude(), "1000");

      // Fresh: the executable is the dashboard; nothing runs under it.
      const fresh = await runDashboard(s, copy);
      await screenShows(s, fresh.pane, agentRow, "the agent, from the compiled taw", 20_000);
      expect(childrenOf(fresh.pid).filter((line) => line.includes("src/main.ts"))).toEqual([]);
      await s.run("send-keys", "-t", fresh.pane, "q");
      await screenShows(s, fresh.pane, (text) => text.includes("dashboard exited 0"), "a clean exit");

      // A source edited after the build: the sources run under it, and a build starts that
      // outlives the terminal it started from (its pane is closed at once).
      const builtAt = statSync(compiled).mtimeMs;
      const stamp = readFileSync(join(copy, "dist", "taw.build"), "utf8");
      const edited = join(copy, "src", "app", "text.ts");
      await Bun.write(edited, `${readFileSync(edited, "utf8")}\n// edited after the build\n`);
      const stale = await runDashboard(s, copy);
      const underIt = await waitFor(
        () => childrenOf(stale.pid).find((line) => line.includes(join(copy, "src", "main.ts"))),
        5000,
        "the sources' CLI under the executable",
      );
      expect(underIt).toContain("--tsconfig-override");
      await s.run("kill-pane", "-t", stale.pane);
      await waitFor(() => statSync(compiled).mtimeMs !== builtAt, 30_000, "the new build");
      await waitFor(() => readFileSync(join(copy, "dist", "taw.build"), "utf8") !== stamp, 5000, "its stamp");
      await waitFor(() => !existsSync(join(copy, "dist", "taw.lock")), 5000, "the build's lock given back");

      // The new build is fresh again.
      const rebuilt = await runDashboard(s, copy);
      await screenShows(s, rebuilt.pane, agentRow, "the agent, from the new build", 20_000);
      expect(childrenOf(rebuilt.pid).filter((line) => line.includes("src/main.ts"))).toEqual([]);
      await s.run("send-keys", "-t", rebuilt.pane, "q");
    },
    TIMEOUT_MS,
  );
});
