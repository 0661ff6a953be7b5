// Hosts under load: 3 hosts × 50 panes (a fifth of them fake agents replaying recorded Claude
// screens), each a tmux server of its own reached as a host: `taw hosts serve -L <name>` (a
// local-server host), or, with `ssh` as the third argument and sshd installed, the third one a
// real sshd on 127.0.0.1 (e2e/sshd.ts) reached by `ssh … taw hosts serve`. One HostConnection
// per host, as the dashboard holds them, each watching (keepWatching). Prints:
// - a screen change (a cue typed into a remote fake agent) to the state written on that host's
//   server (the local figure: what a dashboard on that server would see) and to the watch event
//   at the asker, p50 and p95, and the difference the hosts layer adds;
// - at rest (every agent idle, nothing happening): bytes per second per host over the
//   connection (event lines; for ssh also the ssh process's own reads and writes, keep-alives
//   included), the asker's CPU (% of one core) and each connection process's;
// - the processes per host (ssh, or taw for a local server): one each.
// Asserts nothing. Run: bun bench/hosts.ts [window seconds] [samples] [ssh]

import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { installFakeAgent } from "../e2e/fake-agent/install.ts";
import { sshClient, sshdMissing, startSshd } from "../e2e/sshd.ts";
import { serveArgv } from "../src/hosts/argv.ts";
import { type Host, socketSelection } from "../src/hosts/config.ts";
import { HostConnection } from "../src/hosts/connection.ts";
import { keepWatching } from "../src/hosts/keep-watch.ts";
import { TAW_BIN } from "../src/paths.ts";
import { Tmux } from "../src/tmux/client.ts";
import { ms, PANES_PER_WINDOW, percentile } from "./servers.ts";

const WINDOW_S = Number(process.argv[2] ?? 20);
const SAMPLES = Number(process.argv[3] ?? 30);
const WITH_SSH = process.argv[4] === "ssh";
const PANES = 50;
const AGENTS = PANES / 5;
const CLOCK_TICKS = 100;
/** About one engine tick: cues land anywhere in it. */
const CYCLE_MS = 350;

const scratch = mkdtempSync(join(tmpdir(), "taw-bench-hosts-"));
const agentPath = installFakeAgent(join(scratch, "agents"), "claude");
const env: Record<string, string | undefined> = {
  ...process.env,
  TAW_STATE_DIR: join(scratch, "state"),
  TAW_CONFIG_DIR: join(scratch, "config"),
  XDG_RUNTIME_DIR: scratch,
  TMUX: undefined,
  TMUX_PANE: undefined,
};

interface BenchHost {
  name: string;
  host: Host;
  tmux: Tmux;
  agents: string[];
  connection?: HostConnection;
  /** tmux pane id → the agent state the last list the watch gave says. */
  states: Map<string, string>;
  eventBytes: number;
  stop(): Promise<void>;
}

/** 50 panes on `tmux` (started already): AGENTS fake agents each in a window, the rest sh. */
async function fill(tmux: Tmux): Promise<string[]> {
  const commands: string[][] = [["set-option", "-g", "exit-empty", "off"]];
  for (let index = 0; index < AGENTS; index++)
    commands.push(["new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "bench:", agentPath]);
  for (let plain = 1; plain + AGENTS < PANES; plain++) {
    const window = Math.floor((plain - 1) / PANES_PER_WINDOW);
    if ((plain - 1) % PANES_PER_WINDOW === 0)
      commands.push(["new-window", "-d", "-t", "bench:", "-n", `sh${window}`, "sh"]);
    else commands.push(["split-window", "-d", "-t", `bench:sh${window}`, "sh"]);
  }
  const made = await tmux.batch(commands);
  return made.slice(1, 1 + AGENTS).map((result) => result.output.trim());
}

async function socketHost(index: number): Promise<BenchHost> {
  const socket = `taw-bench-hosts-${process.pid}-${index}`;
  const tmux = new Tmux(socketSelection(socket));
  const newSession = ["new-session", "-d", "-s", "bench", "-x", "200", "-y", "50", "sh"];
  const started = Bun.spawnSync(["tmux", ...tmux.serverArgs(), "-f", "/dev/null", ...newSession]);
  if (started.exitCode !== 0) throw new Error(`tmux new-session failed: ${started.stderr}`);
  const name = `h${index}`;
  return {
    name,
    host: { name, kind: "socket", socket },
    tmux,
    agents: await fill(tmux),
    states: new Map(),
    eventBytes: 0,
    stop: () => tmux.tryRun(["kill-server"]).then(() => undefined),
  };
}

async function sshHost(): Promise<BenchHost> {
  const client = sshClient();
  env.PATH = `${client.bin}:${process.env.PATH}`;
  const box = await startSshd(client, `${dirname(TAW_BIN)}:/usr/local/bin:/usr/bin:/bin`);
  const line = "tmux -f /dev/null new-session -d -s bench -x 200 -y 50 sh";
  const ssh = Bun.spawnSync(["ssh", box.destination, line], { env, stderr: "pipe" });
  if (ssh.exitCode !== 0) throw new Error(`ssh did not start the remote server: ${ssh.stderr}`);
  return {
    name: "box",
    host: { name: "box", kind: "ssh", ssh: box.destination, tmuxSocket: "", taw: "taw" },
    tmux: box.tmux,
    agents: await fill(box.tmux),
    states: new Map(),
    eventBytes: 0,
    stop: async () => {
      await box.tmux.tryRun(["kill-server"]);
      box.stop();
    },
  };
}

function connect(host: BenchHost): void {
  const connection = new HostConnection(host.name, serveArgv(host.host), env, { reconnect: true });
  host.connection = connection;
  connection.onEvent((event) => {
    host.eventBytes += JSON.stringify(event).length + 1;
  });
  keepWatching(connection, (agents) => {
    for (const record of agents as { tmux_id: string; agent: { state: string | null } | null }[])
      host.states.set(record.tmux_id, record.agent?.state ?? "");
  });
  connection.connect().catch(() => undefined);
}

const stateOn = async (tmux: Tmux, pane: string) =>
  (await tmux.run(["display-message", "-p", "-t", pane, "#{@agent_state}"])).trim();

async function until(ok: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await Bun.sleep(50);
  }
}

/** Cue `word` into one agent; ms until its state reads `state` on its server, and at the asker. */
async function sample(host: BenchHost, pane: string, word: string, state: string) {
  await Bun.sleep(Math.random() * CYCLE_MS);
  const start = performance.now();
  await host.tmux.batch([
    ["send-keys", "-t", pane, "-l", word],
    ["send-keys", "-t", pane, "Enter"],
  ]);
  let there = Number.NaN;
  let here = Number.NaN;
  while (performance.now() - start < 10_000 && (Number.isNaN(there) || Number.isNaN(here))) {
    if (Number.isNaN(here) && host.states.get(pane) === state) here = performance.now() - start;
    if (Number.isNaN(there) && (await stateOn(host.tmux, pane)) === state) there = performance.now() - start;
    await Bun.sleep(5);
  }
  return { there, here };
}

/** CPU ticks (user + system) of a process. */
function ticks(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** Bytes a process read and wrote (pipes and sockets alike). */
function ioBytes(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}: (\\d+)`).exec(io)?.[1] ?? 0);
  return field("rchar") + field("wchar");
}

/** This process's live children, by the command each runs. */
function children(): { pid: number; comm: string }[] {
  const pids = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
  );
  return pids.map((pid) => ({ pid, comm: readFileSync(`/proc/${pid}/comm`, "utf8").trim() }));
}

const hosts: BenchHost[] = [];
try {
  const useSsh = WITH_SSH && sshdMissing() === undefined;
  if (WITH_SSH && !useSsh) process.stdout.write(`no ssh host: ${sshdMissing()}\n`);
  for (let index = 1; index <= (useSsh ? 2 : 3); index++) hosts.push(await socketHost(index));
  if (useSsh) hosts.push(await sshHost());
  for (const host of hosts) connect(host);
  const allIdle = () => hosts.every((host) => host.agents.every((pane) => host.states.get(pane) === "idle"));
  await until(allIdle, 60_000, "every agent idle as the watches see it");
  process.stdout.write(
    `${hosts.length} hosts × ${PANES} panes (${AGENTS} agents each): ${hosts.map((h) => `${h.name} ${h.host.kind}`).join(", ")}\n`,
  );

  const there: number[] = [];
  const here: number[] = [];
  // Each agent goes working, then back (a finished turn nobody saw: done), and again.
  for (let index = 0; index < SAMPLES; index++) {
    const host = hosts[index % hosts.length] as BenchHost;
    const pane = host.agents[Math.floor(index / (2 * hosts.length)) % AGENTS] as string;
    const [word, state] = host.states.get(pane) === "working" ? ["idle", "done"] : ["working", "working"];
    const figures = await sample(host, pane, word as string, state as string);
    there.push(figures.there);
    here.push(figures.here);
  }
  for (const host of hosts)
    for (const pane of host.agents)
      if (host.states.get(pane) === "working") await sample(host, pane, "idle", "done");
  const line = (label: string, values: number[]) =>
    `${label.padEnd(42)} p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}`;
  process.stdout.write(`${line("screen change → state on its server", there)}\n`);
  process.stdout.write(`${line("screen change → watch event at the asker", here)}\n`);
  const added = here.map((value, index) => value - (there[index] as number));
  process.stdout.write(`${line("  added by the hosts layer", added)}  (${SAMPLES} samples)\n`);

  const atRest = () =>
    hosts.every((host) => host.agents.every((pane) => host.states.get(pane) !== "working"));
  await until(atRest, 30_000, "no agent working");
  await Bun.sleep(5000);
  const before = hosts.map((host) => ({
    events: host.eventBytes,
    io: ioBytes(host.connection?.pid as number),
    cpu: ticks(host.connection?.pid as number),
  }));
  const mine = process.cpuUsage();
  const started = performance.now();
  await Bun.sleep(WINDOW_S * 1000);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(mine);
  process.stdout.write(
    `at rest, ${WINDOW_S} s: the asker ${((100 * (used.user + used.system)) / 1e6 / seconds).toFixed(2)} % of a core\n`,
  );
  hosts.forEach((host, index) => {
    const pid = host.connection?.pid as number;
    const was = before[index] as (typeof before)[number];
    const events = (host.eventBytes - was.events) / seconds;
    const io = (ioBytes(pid) - was.io) / seconds;
    const cpu = (100 * (ticks(pid) - was.cpu)) / CLOCK_TICKS / seconds;
    process.stdout.write(
      `  ${host.name}: ${events.toFixed(1)} B/s of events, its process ${io.toFixed(1)} B/s read+written, ${cpu.toFixed(2)} % of a core\n`,
    );
  });
  const running = children();
  for (const host of hosts) {
    const pid = host.connection?.pid;
    const kind = running.find((child) => child.pid === pid)?.comm ?? "none";
    const same = running.filter((child) => child.pid === pid).length;
    process.stdout.write(`  ${host.name}: ${same} process (${kind}) carries the connection\n`);
  }
  const ssh = running.filter((child) => child.comm === "ssh").length;
  process.stdout.write(`  ssh processes in all: ${ssh} for ${useSsh ? 1 : 0} ssh host(s)\n`);
} finally {
  for (const host of hosts) {
    host.connection?.close();
    await host.stop();
  }
}
