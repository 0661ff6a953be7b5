// The soak scenarios, shared by the CI-sized test (e2e/soak/soak.test.ts) and the long run by
// hand (bench/soak.ts): each drives the installed taw on a real tmux server and answers
// figures, never asserting itself, so the test can hold them to their targets and the bench
// can print them.

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDashboard, screenShows } from "../dashboard-helpers.ts";
import { cue, option } from "../fake-agent/helpers.ts";
import { type TestServer, waitFor } from "../harness.ts";

export type Env = Record<string, string>;

interface Event {
  kind: string;
  tmux_id: string;
  from: string | null;
  to: string | null;
}

/** Every event the server's engine appended (rotated file first). */
export function readEvents(stateDir: string): Event[] {
  const dir = join(stateDir, "events");
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort((a, b) =>
      a.endsWith(".1") ? -1 : b.endsWith(".1") ? 1 : a.localeCompare(b),
    );
  } catch {
    return [];
  }
  return names
    .flatMap((name) => readFileSync(join(dir, name), "utf8").split("\n"))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Event);
}

const stateOf = (s: TestServer, pane: string) => option(s, pane, "@agent_state");

/** Wait for one of `states`; false (a miss) when it does not come. */
async function reached(s: TestServer, pane: string, states: string[], ms = 10_000): Promise<boolean> {
  try {
    await waitFor(async () => states.includes(await stateOf(s, pane)), ms, `${pane} ${states}`);
    return true;
  } catch {
    return false;
  }
}

export interface CycleFigures {
  panes: number;
  cycles: number;
  /** State changes the driver caused (its own log) that the engine's events never showed. */
  missed: number;
  /** Waits for a state that ran past their timeout (a slow machine; the events may still show it). */
  slow: number;
  /** Transitions the engine logged twice in a row for the same pane, or to the state it was in. */
  duplicated: number;
  /** @agent_* records left on panes with no agent afterwards. */
  stale: number;
  /** done transitions (each fires a notification when nobody looks) vs turns ended unseen. */
  done: number;
  expectedDone: number;
  seconds: number;
}

/** Agent cycles in `panes` background panes: start, working, blocked, working, done, then exit
 * (even cycles) or kill -9 mid-turn (odd ones). */
export async function agentCycles(
  s: TestServer,
  agentDir: string,
  stateDir: string,
  panes: number,
  cyclesPerPane: number,
): Promise<CycleFigures> {
  const started = Date.now();
  const ids: string[] = [];
  for (let index = 0; index < panes; index++)
    ids.push((await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim());
  const log: { pane: string; state: string }[] = [];
  let slow = 0;
  let expectedDone = 0;
  const step = async (pane: string, word: string, states: string[]) => {
    await cue(s, pane, word);
    log.push({ pane, state: states[0] as string });
    if (!(await reached(s, pane, states))) slow++;
  };
  await Promise.all(
    ids.map(async (pane) => {
      for (let cycle = 0; cycle < cyclesPerPane; cycle++) {
        await s.run("send-keys", "-t", pane, "-l", `${agentDir}/claude`);
        await s.run("send-keys", "-t", pane, "Enter");
        if (!(await reached(s, pane, ["idle"], 15_000))) slow++;
        await step(pane, "working", ["working"]);
        await step(pane, "blocked", ["blocked"]);
        await step(pane, "working", ["working"]);
        await step(pane, "idle", ["done"]);
        expectedDone++;
        if (cycle % 2 === 0) await cue(s, pane, "exit");
        else {
          await step(pane, "working", ["working"]);
          // A turn the agent dies in is completed (done) before the record goes.
          expectedDone++;
          const pid = Number((await s.run("list-panes", "-t", pane, "-F", "#{pane_pid}")).trim());
          // The agent is the shell's child: kill -9 it mid-turn. Its terminal stays raw, as a
          // real TUI's does: the driver types `stty sane` before the next start, as a user would.
          Bun.spawnSync(["pkill", "-9", "-P", String(pid)]);
          await s.run("send-keys", "-t", pane, "-l", "stty sane");
          await s.run("send-keys", "-t", pane, "C-j");
        }
        try {
          await waitFor(async () => (await option(s, pane, "@agent_kind")) === "", 15_000, `${pane} gone`);
        } catch {
          slow++;
        }
      }
    }),
  );
  // Stale: any @agent_state or @agent_kind left on a pane with no agent.
  const listing = await s.run("list-panes", "-a", "-F", "#{pane_id} #{@agent_kind}#{@agent_state}");
  const stale = listing
    .split("\n")
    .filter((line) => ids.includes(line.split(" ")[0] ?? "") && (line.split(" ")[1] ?? "") !== "").length;
  const events = readEvents(stateDir).filter((event) => ids.includes(event.tmux_id) && event.to !== null);
  let duplicated = 0;
  const lastTo = new Map<string, string>();
  let done = 0;
  for (const event of events) {
    if (event.kind !== "pane.agent_status_changed") {
      lastTo.delete(event.tmux_id);
      continue;
    }
    if (event.from === event.to || lastTo.get(event.tmux_id) === event.to) duplicated++;
    lastTo.set(event.tmux_id, event.to as string);
    if (event.to === "done") done++;
  }
  // The driver's log against the events: each pane's cued states must appear, in order.
  let missed = 0;
  for (const pane of ids) {
    const shown = events.filter((event) => event.tmux_id === pane).map((event) => event.to);
    let at = 0;
    for (const entry of log.filter((item) => item.pane === pane)) {
      const found = shown.indexOf(entry.state, at);
      if (found < 0) missed++;
      else at = found + 1;
    }
  }
  return {
    panes,
    cycles: panes * cyclesPerPane,
    missed,
    slow,
    duplicated,
    stale,
    done,
    expectedDone,
    seconds: (Date.now() - started) / 1000,
  };
}

export interface ProcessFigures {
  rssMb: number;
  fds: number;
  cpuSeconds: number;
}

/** RSS, open descriptors and CPU time of a process (Linux /proc). */
export function processFigures(pid: number): ProcessFigures {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: rssKb / 1024, fds: steadyFds(pid), cpuSeconds: ticks / 100 };
}

/** Open descriptors the process keeps: the fewest over a few looks, since a tick's tmux
 * child holds its pipes open for a moment (a count taken then is not a leak). */
function steadyFds(pid: number): number {
  let fewest = Number.POSITIVE_INFINITY;
  for (let look = 0; look < FD_LOOKS; look++) {
    fewest = Math.min(fewest, readdirSync(`/proc/${pid}/fd`).length);
    Bun.sleepSync(FD_LOOK_GAP_MS);
  }
  return fewest;
}

const FD_LOOKS = 8;
const FD_LOOK_GAP_MS = 37;

export interface GrowthFigures {
  panes: number;
  seconds: number;
  start: ProcessFigures;
  end: ProcessFigures;
  cpuPercent: number;
}

/** The engine's RSS, fds and CPU over `seconds` with `panes` panes, some of them agents redrawing. */
export async function growth(
  s: TestServer,
  enginePid: number,
  panes: number,
  seconds: number,
  agentDir: string,
): Promise<GrowthFigures> {
  const commands: string[][] = [];
  for (let index = 1; index < panes; index++) commands.push(["new-window", "-d", "sh"]);
  await s.tmux.batch(commands);
  // A few agents redrawing keep the engine reading screens (a fifth of the panes, 20 at most:
  // each fake agent is a Bun process).
  const windows = (await s.run("list-panes", "-a", "-F", "#{pane_id}")).trim().split("\n");
  const agentPanes = windows.slice(0, Math.min(20, Math.max(1, Math.floor(panes / 5))));
  for (const pane of agentPanes) {
    await s.run("send-keys", "-t", pane, "-l", `${agentDir}/claude`);
    await s.run("send-keys", "-t", pane, "Enter");
  }
  await Bun.sleep(5000);
  for (const pane of agentPanes) await cue(s, pane, "redraw on");
  const start = processFigures(enginePid);
  await Bun.sleep(seconds * 1000);
  const end = processFigures(enginePid);
  return {
    panes,
    seconds,
    start,
    end,
    cpuPercent: ((end.cpuSeconds - start.cpuSeconds) / seconds) * 100,
  };
}

export interface ReportFigures {
  sent: number;
  seconds: number;
  finalSeq: number;
  finalState: string;
  expectedState: string;
  listCalls: number;
  listFailures: number;
  /** Dashboards reading the engine through the storm, and how many were still up after it. */
  dashboards: number;
  dashboardsUp: number;
}

const REPORT_STATES = ["working", "blocked", "idle"] as const;
/** Dashboards reading the engine while the reports come. */
const DASHBOARDS = 2;

/** Report hooks at `rate`/s for `seconds` (each a taw process, in flight together) for one pane,
 * while a loop of `agent list` runs: the pane must end on the last report's state and seq. */
export async function reportStorm(
  s: TestServer,
  env: Env,
  agentDir: string,
  rate: number,
  seconds: number,
): Promise<ReportFigures> {
  // An agent runs in the pane: a reported agent no process names would be let go at the shell.
  const pane = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", `${agentDir}/claude`)).trim();
  const dashboards: string[] = [];
  for (let n = 0; n < DASHBOARDS; n++) {
    dashboards.push(await openDashboard(s, { env, detached: true }));
  }
  for (const dashboard of dashboards)
    await screenShows(s, dashboard, (text) => text.includes("engine: reading"), "a dashboard reading");
  const started = Date.now();
  const total = rate * seconds;
  let listCalls = 0;
  let listFailures = 0;
  let storming = true;
  const lister = (async () => {
    while (storming) {
      const listed = await s.taw(["agent", "list", "--json"], env);
      listCalls++;
      if (listed.code !== 0) listFailures++;
    }
  })();
  const inFlight: Promise<unknown>[] = [];
  for (let seq = 1; seq <= total; seq++) {
    const state = REPORT_STATES[seq % REPORT_STATES.length] as string;
    inFlight.push(
      s.taw(
        [
          "pane",
          "report-agent",
          "--pane",
          pane,
          "--source",
          "soak",
          "--agent",
          "claude",
          "--state",
          state,
          "--seq",
          String(seq),
        ],
        env,
      ),
    );
    const due = started + (seq * 1000) / rate;
    if (due > Date.now()) await Bun.sleep(due - Date.now());
  }
  await Promise.all(inFlight);
  storming = false;
  await lister;
  const seqWord = await option(s, pane, "@agent_report_seq");
  let dashboardsUp = 0;
  for (const dashboard of dashboards) {
    const text = await s.run("capture-pane", "-p", "-t", dashboard);
    if (text.includes("engine: reading") && !text.includes("dashboard exited")) dashboardsUp++;
  }
  return {
    sent: total,
    seconds: (Date.now() - started) / 1000,
    finalSeq: Number(/soak=(\d+)/.exec(seqWord)?.[1] ?? 0),
    finalState: await option(s, pane, "@agent_state"),
    expectedState: REPORT_STATES[total % REPORT_STATES.length] as string,
    listCalls,
    listFailures,
    dashboards: dashboards.length,
    dashboardsUp,
  };
}

export interface FuzzFigures {
  calls: number;
  /** Exits outside taw's codes (0–5), or a stack trace on stderr. */
  crashes: number;
  /** A value read back from tmux that is not the text given (a format expanded, `;` split). */
  injections: number;
  serverAlive: boolean;
}

/** Hostile text: format and command syntax, control characters, huge, random bytes. */
export function hostileTexts(count: number, marker: string, seed = 1): string[] {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const fixed = [
    "#{pane_id}",
    `#(touch ${marker})`,
    `$(touch ${marker})`,
    "a;kill-server",
    "\\; kill-server",
    "%1 %% #{?1,a,b}",
    "'\"`$(id)`",
    "\u0001\u0007\u001b[31mred\u001b[0m",
    "line\nbreak\ttab",
    "x".repeat(100_000),
    "#[fg=red]#{session_name}",
    "-",
    "--help",
  ];
  const texts = [...fixed];
  while (texts.length < count) {
    const length = 1 + Math.floor(random() * 64);
    // Bytes 1–255 (NUL cannot be an argument), as UTF-8 of Latin-1 code points.
    texts.push(String.fromCharCode(...Array.from({ length }, () => 1 + Math.floor(random() * 255))));
  }
  return texts.slice(0, count);
}

/** tmux keeps control characters escaped: such a text does not read back as given. */
const hasControl = (text: string) =>
  [...text].some((char) => (char.codePointAt(0) ?? 0) < 32 || /[\u007f-\u009f]/.test(char));

/** Hostile texts also tried as config.toml values (each costs four taw runs). */
const CONFIG_TEXTS = 16;
const STACK = /\n\s+at .+\(.+:\d+:\d+\)|TypeError|ReferenceError|uncaught/i;

/** Every free-text argument a user or hook gives taw, fed hostile text. */
export async function fuzz(s: TestServer, env: Env, agentDir: string, count: number): Promise<FuzzFigures> {
  // An agent runs in the pane: a reported agent no process names would be let go at the shell.
  const pane = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", `${agentDir}/claude`)).trim();
  let calls = 0;
  let crashes = 0;
  let injections = 0;
  const call = async (args: string[]) => {
    const result = await s.taw(args, env);
    calls++;
    if (result.code > 5 || STACK.test(result.stderr)) crashes++;
    return result;
  };
  let seq = 1;
  // A file the texts try to make through tmux's #() or the shell's $(): it must never appear.
  const marker = join(tmpdir(), `taw-soak-injected-${process.pid}-${Date.now()}`);
  for (const text of hostileTexts(count, marker)) {
    await call(["agent", "get", text]);
    await call(["pane", "read", text]);
    await call(["agent", "list", "--kind", text]);
    const report = await call([
      "pane",
      "report-agent",
      "--pane",
      pane,
      "--source",
      "fuzz",
      "--agent",
      "claude",
      "--state",
      "blocked",
      "--seq",
      String(seq++),
      `--message=${text}`,
    ]);
    // A message taw took must read back as given (control characters aside: tmux keeps them escaped).
    if (report.code === 0 && !hasControl(text) && text.length < 10_000) {
      const stored = await option(s, pane, "@agent_message");
      if (stored !== text.trim() && stored !== text) {
        injections++;
        console.log(`read back ${JSON.stringify(stored)} for ${JSON.stringify(text)}`);
      }
    }
    await call(["pane", "report-agent", "--pane", pane, "--source", text, "--agent", text, "--state", text]);
  }
  // The same texts as config.toml values: the engine reloads it live, and every verb that
  // reads it must refuse or take it, never crash or run it.
  const configDir = mkdtempSync(join(tmpdir(), "taw-soak-config-"));
  const configEnv = { ...env, TAW_CONFIG_DIR: configDir };
  for (const text of hostileTexts(Math.min(count, CONFIG_TEXTS), marker, 7)) {
    const value = JSON.stringify(text.slice(0, 2000));
    writeFileSync(
      join(configDir, "config.toml"),
      `[status]\nformat = ${value}\n[ui.glyphs]\nblocked = ${value}\n[worktree]\ndir = ${value}\n[hooks]\n"agent.done" = ${value}\n[agents.fuzz]\ncommand = ${value}\n`,
    );
    for (const args of [["config", "check"], ["status"], ["agent", "list"], ["doctor"]]) {
      const result = await s.taw(args, configEnv);
      calls++;
      if (result.code > 5 || STACK.test(result.stderr)) {
        crashes++;
        console.log(
          `taw ${args.join(" ")} with config value ${value.slice(0, 80)}: ${result.stderr.slice(0, 300)}`,
        );
      }
    }
  }
  rmSync(configDir, { recursive: true, force: true });
  if (existsSync(marker)) injections++;
  let serverAlive = true;
  try {
    await s.run("display-message", "-p", "ok");
  } catch {
    serverAlive = false;
  }
  return { calls, crashes, injections, serverAlive };
}

export interface MoveFigures {
  moved: number;
  lost: number;
  enginePidSame: boolean;
}

/** Agents blocked in windows that are moved between sessions, sessions renamed, and panes
 * created and killed in bursts while the engine reads: every agent keeps its state. */
export async function moves(
  s: TestServer,
  agentDir: string,
  enginePid: () => Promise<number>,
): Promise<MoveFigures> {
  const before = await enginePid();
  await s.run("new-session", "-d", "-s", "other", "sh");
  const panes: string[] = [];
  for (let index = 0; index < 4; index++) {
    const pane = (
      await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}", `${agentDir}/claude`)
    ).trim();
    panes.push(pane);
  }
  for (const pane of panes) await reached(s, pane, ["idle"], 15_000);
  for (const pane of panes) await cue(s, pane, "blocked");
  for (const pane of panes) await reached(s, pane, ["blocked"]);
  // Panes dying mid-read: bursts of panes made and killed while the engine ticks.
  const burst = async () => {
    for (let round = 0; round < 10; round++) {
      const made = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
      await s.run("kill-pane", "-t", made);
    }
  };
  await Promise.all([
    burst(),
    (async () => {
      for (const [index, pane] of panes.entries()) {
        if (index % 2 === 0) await s.run("move-window", "-d", "-s", pane, "-t", "other:");
        await s.run("rename-session", "-t", index % 2 === 0 ? "other" : "main", `renamed-${index}`);
        await s.run("rename-session", "-t", `renamed-${index}`, index % 2 === 0 ? "other" : "main");
      }
    })(),
  ]);
  await Bun.sleep(1500);
  let lost = 0;
  for (const pane of panes) if ((await stateOf(s, pane)) !== "blocked") lost++;
  return { moved: panes.length, lost, enginePidSame: (await enginePid()) === before };
}

/** Make the engine's event and log files refuse writes (each replaced by a folder of its name:
 * this fails for root too, whom a read-only mode does not stop); answers the undo. */
export function refuseWrites(stateDir: string): () => void {
  const files = [
    ...readdirSync(join(stateDir, "events"))
      .filter((name) => name.endsWith(".jsonl"))
      .map((name) => join(stateDir, "events", name)),
    join(stateDir, "logs", "engine.log"),
  ];
  for (const file of files) {
    renameSync(file, `${file}.kept`);
    mkdirSync(file);
  }
  return () => {
    for (const file of files) {
      rmdirSync(file);
      renameSync(`${file}.kept`, file);
    }
  };
}
