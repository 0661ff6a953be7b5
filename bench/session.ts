// Saving and restoring sessions at 10, 50 and 200 panes, each with 1000 lines of coloured history:
// - a save by hand (`taw session save`'s code): wall time, this process's CPU, the tmux
//   server's CPU, and the size on disk (session files and gzipped histories);
// - the engine's autosave between saves: a second save with nothing new (every history kept,
//   nothing rewritten), and one where a tenth of the panes printed;
// - the engine's extra CPU with autosave on, from those costs at the pace autosave runs at
//   (a history save at most every 30 s while output comes; an idle server saves nothing);
// - a restore after kill-server (`taw session restore`'s code): wall time until every
//   session, window and pane is made (each pane then prints its history on its own).
// Run: bun bench/session.ts [sizes, comma-separated]

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultConfig } from "../src/config/defaults.ts";
import { loadManifests } from "../src/detect/manifest.ts";
import type { Fingerprints } from "../src/session/history.ts";
import { restoreSaved } from "../src/session/restore-all.ts";
import { saveSessions } from "../src/session/save.ts";
import { Tmux } from "../src/tmux/client.ts";

const SIZES = (process.argv[2] ?? "10,50,200").split(",").map(Number);
const PANES_PER_WINDOW = 4;
const CLOCK_TICKS = 100;
const HISTORY_PERIOD_S = 30;

/** A folder's bytes, all files under it. */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}

/** A process's CPU time so far, in ms (user + system). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** 1000 lines of coloured output in a pane, printed by the pane's own shell. */
const printLines = (n: number, tag: string) =>
  `awk 'BEGIN { for (i = 0; i < ${n}; i++) printf "\\033[3%dm${tag} line %d of the build log, some words to compress\\033[0m\\n", i % 7, i }'`;

async function setUp(size: number): Promise<{ tmux: Tmux; serverPid: number; panes: string[] }> {
  const tmux = new Tmux({ socketName: `taw-bench-session-${process.pid}-${size}` });
  const start = ["tmux", ...tmux.serverArgs(), "-f", "/dev/null", "new-session", "-d", "-s", "bench"];
  Bun.spawnSync([...start, "-x", "160", "-y", "50", "sh"], { env: { ...process.env, TMUX: "" } });
  await tmux.run(["set-option", "-g", "history-limit", "2000"]);
  for (let made = 1; made < size; made++) {
    if (made % PANES_PER_WINDOW === 0) await tmux.run(["new-window", "-d", "-t", "bench:", "sh"]);
    else await tmux.run(["split-window", "-d", "-t", "bench:$", "sh"]);
    if (made % PANES_PER_WINDOW !== 0) await tmux.run(["select-layout", "-t", "bench:$", "tiled"]);
  }
  const panes = (await tmux.run(["list-panes", "-a", "-F", "#{pane_id}"])).trim().split("\n");
  await printIn(tmux, panes, "first");
  const serverPid = Number((await tmux.run(["display-message", "-p", "#{pid}"])).trim());
  return { tmux, serverPid, panes };
}

/** Print 1000 lines in each pane and wait until the last one shows. A command typed into a
 * pane whose shell has not started yet can be lost (seen at 200 panes): each pane waits for
 * its prompt first, and a pane that has not printed after a while is told again. */
async function printIn(tmux: Tmux, panes: string[], tag: string): Promise<void> {
  const shows = async (pane: string, pattern: RegExp) =>
    pattern.test(await tmux.run(["capture-pane", "-p", "-t", pane]));
  const type = (pane: string) => ["send-keys", "-t", pane, `clear; ${printLines(1000, tag)}`, "Enter"];
  for (const pane of panes) await until(() => shows(pane, /[#$] *$/m), 30_000);
  await tmux.batch(panes.map(type));
  for (const pane of panes) {
    if (await until(() => shows(pane, new RegExp(`${tag} line 999 `)), 10_000)) continue;
    await tmux.run(type(pane));
    if (!(await until(() => shows(pane, new RegExp(`${tag} line 999 `)), 30_000)))
      throw new Error(`pane ${pane} did not print its lines`);
  }
}

/** Polls `check` every 50 ms until it holds (true) or `ms` pass (false). */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await Bun.sleep(50);
  }
  return false;
}

async function measure(
  tmux: Tmux,
  serverPid: number,
  env: Record<string, string>,
  fingerprints?: Fingerprints,
) {
  const config = defaultConfig().sessions;
  const [own, server, at] = [ownCpuMs(), cpuMsOf(serverPid), performance.now()];
  const results = await saveSessions(tmux, env, config, {
    autosave: fingerprints !== undefined,
    fingerprints,
  });
  return {
    wallMs: performance.now() - at,
    cpuMs: ownCpuMs() - own,
    serverMs: cpuMsOf(serverPid) - server,
    written: results.reduce((sum, r) => sum + r.histories_written, 0),
    histories: results.reduce((sum, r) => sum + r.histories, 0),
  };
}

/** kill-server, then restore every saved session: the time until all its panes are made. */
async function measureRestore(tmux: Tmux, env: Record<string, string>): Promise<number> {
  await tmux.tryRun(["kill-server"]);
  // A fresh server with no config of the user's, as the bench's own was started.
  const start = ["tmux", ...tmux.serverArgs(), "-f", "/dev/null", "new-session", "-d", "-s", "fresh", "sh"];
  // (The killed server may still be going: tried until the new one starts.)
  const started = () => Bun.spawnSync(start, { env: { ...process.env, TMUX: "" } }).exitCode === 0;
  if (!(await until(async () => started(), 5000))) throw new Error("no fresh server to restore into");
  // Restored panes run sh, as the bench's did: the figure is taw's, not a login profile's.
  await tmux.run(["set-option", "-g", "default-shell", "/bin/sh"]);
  const at = performance.now();
  const report = await restoreSaved(tmux, env, {
    names: [],
    all: true,
    resumeAgents: "never",
    manifests: loadManifests(),
  });
  const ms = performance.now() - at;
  if (report.failed.length > 0) throw new Error(`restore failed: ${JSON.stringify(report.failed)}`);
  return ms;
}

const f = (n: number) => n.toFixed(1).padStart(7);
console.log(
  "panes | save: wall ms  cpu ms (+tmux)  size KiB (json)  | idle autosave: wall ms cpu ms (+tmux) rewritten | 10% new: wall ms cpu ms (+tmux) rewritten | extra cpu % of a core | restore: wall ms",
);
for (const size of SIZES) {
  const { tmux, serverPid, panes } = await setUp(size);
  const state = mkdtempSync(join(tmpdir(), "taw-bench-session-state-"));
  const env = { ...process.env, TAW_STATE_DIR: state, TMUX: "" } as Record<string, string>;
  try {
    const byHand = await measure(tmux, serverPid, env);
    const dir = join(state, "sessions", readdirSync(join(state, "sessions"))[0] ?? "");
    const json = statSync(join(dir, "bench.json")).size;
    const size_ = bytesUnder(dir);
    // The engine's saves: the first writes everything, then idle, then a tenth printed.
    const seen: Fingerprints = new Map();
    await measure(tmux, serverPid, env, seen);
    const idle = await measure(tmux, serverPid, env, seen);
    await printIn(tmux, panes.slice(0, Math.max(1, Math.round(size / 10))), "again");
    const some = await measure(tmux, serverPid, env, seen);
    // At most one history save per 30 s while output comes in.
    const extra = ((some.cpuMs + some.serverMs) / (HISTORY_PERIOD_S * 1000)) * 100;
    const restoreMs = await measureRestore(tmux, env);
    console.log(
      `${String(size).padStart(5)} | ${f(byHand.wallMs)} ${f(byHand.cpuMs)} (${f(byHand.serverMs)}) ${f(size_ / 1024)} (${f(json / 1024)}) | ${f(idle.wallMs)} ${f(idle.cpuMs)} (${f(idle.serverMs)}) ${idle.written}/${idle.histories} | ${f(some.wallMs)} ${f(some.cpuMs)} (${f(some.serverMs)}) ${some.written}/${some.histories} | ${extra.toFixed(2)} | ${f(restoreMs)}`,
    );
  } finally {
    await tmux.tryRun(["kill-server"]);
    rmSync(state, { recursive: true, force: true });
  }
}
