// The engine: one per tmux server. Each tick it reads the server in one tmux invocation,
// reads the process table once, steps one watcher per pane (in Workers), writes what
// changed in at most one more invocation, refreshes the rail, and tells its subscribers.
// It holds the server's claim (claim.ts) while it runs, and on a clean stop gives it back with
// the rail, which nobody would keep current after it.

import { loadConfig } from "../config/load.ts";
import type { StatusConfig } from "../config/types.ts";
import { parseContainer } from "../detect/container.ts";
import { identify } from "../detect/identity.ts";
import { loadManifests, type ManifestSet } from "../detect/manifest.ts";
import type { ProcessInfo } from "../detect/types.ts";
import { TawError } from "../errors.ts";
import { pidAlive } from "../pid.ts";
import { SANDBOX_PID_OPTION } from "../sandbox/mark.ts";
import type { Tmux } from "../tmux/client.ts";
import type { AgentOptionKey } from "../tmux/formats.ts";
import { type Pane, type Snapshot, withWindows } from "../tmux/snapshot.ts";
import { atLeast, parseVersion } from "../tmux/version.ts";
import { Announcements } from "./announcements.ts";
import { currentBuild } from "./build.ts";
import {
  ENGINE_ERROR_OPTION,
  type EngineRole,
  readEngineClaim,
  readyWrite,
  releaseClaim,
  takeClaim,
} from "./claim.ts";
import { newObjects, takeHandedOver } from "./created.ts";
import { type EngineEvent, EventLog, eventsFile, type SandboxRecord } from "./events.ts";
import type { PaneResult, PaneTick, WatcherHost } from "./host.ts";
import { LocalHost } from "./host.ts";
import { type Logger, silentLogger } from "./log.ts";
import { DEFAULT_WORKERS, WorkerHost } from "./pool.ts";
import { GENERATION_OPTION, ReadGate, type ReadScope } from "./probe.ts";
import { type ProcessTable, ProcessTableCache } from "./proctable.ts";
import { countStates, railText } from "./rail.ts";
import { type CaptureRequest, type Client, type Read, takeRead, watchedSessions } from "./reads.ts";
import {
  closedSince,
  EXITED_OPTION,
  parseExited,
  type Roster,
  readRoster,
  rosterFile,
  rosterOf,
  saveRoster,
} from "./roster.ts";
import { ServerReads } from "./server-reads.ts";
import { isShell } from "./shells.ts";
import type { OptionWrites } from "./state.ts";
import { paneWrite, railWrite } from "./writes.ts";

export type { EngineEvent };
export { readEngineClaim };

/** Tick while an agent is present and output goes on (the last two ticks read something). */
export const AGENT_TICK_MS = 300;
/** The same over a control connection, whose read costs no tmux process. */
export const CONTROL_AGENT_TICK_MS = 200;
/** Tick while an agent is present and all was quiet: it looks at the server's read counters
 * (server-reads.ts) and asks tmux nothing unless they moved, so it can be this short, and the
 * first output after a quiet spell is seen this soon. */
export const QUIET_TICK_MS = 150;
/** Tick while an idle verdict is on hold. */
export const HOLD_TICK_MS = 100;
/** Tick with no agent anywhere; also the least time between two identity rechecks of every
 * pane (on full listings; a pane whose command changed is looked at when it does). */
export const IDENTITY_RECHECK_MS = 1000;
/** Back-off after transient tmux failures: 1, 2, 4 … seconds, never more than this. */
export const MAX_BACKOFF_MS = 30_000;
const FIRST_BACKOFF_MS = 1000;
/** Focus is listed among client flags from tmux 3.3. */
const FOCUS_FLAGS_SINCE = { major: 3, minor: 3 };

export interface EngineOptions {
  tmux: Tmux;
  manifests?: ManifestSet;
  log?: Logger;
  /** Watcher workers; 0 runs the watchers on the engine's thread. */
  workers?: number;
  /** JSON-lines file the transitions are appended to (`taw events` follows it); by default the
   * server's file under the state folder, none when empty. */
  eventsPath?: string;
  /** The roster file (roster.ts): the panes this server had, for pane.closed of those that
   * ended while no engine ran; by default the server's file under the state folder (none with
   * no events file), none when empty. */
  rosterPath?: string;
  /** config.toml's `[status]`: the rail's format; by default read from config.toml once. */
  status?: StatusConfig;
  /** Where ticks are scheduled; tests give a stand-in to see the delays. */
  timers?: Timers;
  /** Reads and writes over one control-mode connection instead of a tmux process each
   * (src/tmux/control.ts); by default only with TAW_TMUX_CONTROL=1: its holder session
   * becomes tmux's "current" session for commands given without a target from outside tmux. */
  control?: boolean;
  /** Recorded in the claim: `headless` (taw engine, which a newer build may restart) or
   * `hosted` (a dashboard's, never signalled by another taw). */
  role?: EngineRole;
  /** How many times the supervisor brought this engine back (recorded in the claim). */
  restarts?: number;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What identity found in front of a pane. */
interface Found {
  kind: string | undefined;
  /** A process names the agent, not the kind hint alone. */
  named?: boolean;
  /** The container runtime the agent was named through. */
  container?: string;
}

/** A tick's read: every pane (full), or the last snapshot with the windows read replaced. */
interface TickRead {
  full: boolean;
  snapshot: Snapshot;
  screens: Map<string, string>;
  /** Of a partial read, the windows that printed since their last read. */
  printed?: ReadonlySet<string>;
}

export type EngineListener = (snapshot: Snapshot, events: EngineEvent[]) => void;

export class Engine {
  /** The engine's tmux client: over one control connection with TAW_TMUX_CONTROL=1, and then
   * the herdr socket's writes take it too. */
  readonly tmux: Tmux;
  private manifests: ManifestSet;
  private readonly log: Logger;
  private host: WatcherHost | undefined;
  private readonly workers: number;
  private readonly events: EventLog | undefined;
  private readonly rosterPath: string;
  /** What the roster and the pane-exited hook said at start, for the first tick. */
  private returning: { roster: Roster; exited: string[] } | undefined;
  /** Why the state folder refuses writes, as last said (undefined: it takes them). */
  private writeFailure: string | undefined;
  /** The hook's list was read (first tick) or panes closed: the next write empties it. */
  private clearExited = false;
  private readonly listeners = new Set<EngineListener>();
  /** What verbs beside the engine tell it (a worktree made or removed), for its listeners. */
  readonly announcements = new Announcements();
  private claim: string | undefined;
  /** The first tick's writes are in tmux: verbs that started this engine may read the records. */
  private ready = false;
  private focusTracked = false;
  private readonly timers: Timers;
  private timer: unknown;
  /** When the pending timer fires (undefined while a tick runs), and when the last tick began. */
  private dueAt: number | undefined;
  private lastTickAt = 0;
  private status: StatusConfig;
  private running: Promise<void> | undefined;
  private stopped = true;
  private finish: () => void = () => {};
  /** Resolves when the engine has stopped: stop(), a lost claim, or the server going away. */
  readonly finished: Promise<void>;

  private last: Snapshot | undefined;
  private agentPanes = new Set<string>();
  private wantsScreen = new Set<string>();
  private lastCapture = new Map<string, number>();
  /** Panes whose watcher settled, by the input it settled on: the same input again is not sent. */
  private settled = new Map<string, string>();
  private signatures = new Map<string, string>();
  /** The identity each pane was last found with, what tmux said was in front then, and the
   * foreground processes it was found in. */
  private identities = new Map<string, { key: string; members: ProcessInfo[] } & Found>();
  private readonly processes = new ProcessTableCache();
  private lastIdentityAt = 0;
  /** Panes whose watcher holds an idle verdict: they are read every HOLD_TICK_MS. */
  private readonly holding = new Set<string>();
  private failures = 0;
  private readonly rest = new ReadGate();
  private serverReads: ServerReads | undefined;
  /** Ticks in a row that read something after the server read something: from two on, output
   * goes on (AGENT_TICK_MS). A tick that only read busy watchers (the server quiet) does not
   * count: the next look comes at the quiet pace, so an agent that changes again right after
   * a verdict (an answer, then a prompt) is seen as soon as after a quiet spell. */
  private readingTicks = 0;
  /** Whether the server had read something at this tick's look (server-reads.ts). */
  private serverRead = true;
  private lastBusyReadAt = 0;
  /** The windows that printed at the last tick that read (read ahead at the next). */
  private printing = new Set<string>();
  private woken = false;
  /** Who is attached, and the rail as tmux holds it, as of the last full read (and write). */
  private clients: Client[] = [];
  private rail = "";
  /** Full reads taken, and quiet ticks that asked only the probe: for bench and `engine status`. */
  ticks = 0;
  /** The write generation readers follow (GENERATION_OPTION). */
  private generation = 0;
  probes = 0;
  private readonly agentTickMs: number;
  private readonly role: EngineRole;
  private readonly restarts: number;

  constructor(opts: EngineOptions) {
    this.role = opts.role ?? "hosted";
    this.restarts = opts.restarts ?? 0;
    const control = opts.control ?? process.env.TAW_TMUX_CONTROL === "1";
    this.tmux = control ? opts.tmux.withControl() : opts.tmux;
    this.agentTickMs = control ? CONTROL_AGENT_TICK_MS : AGENT_TICK_MS;
    this.manifests = opts.manifests ?? loadManifests();
    this.log = opts.log ?? silentLogger;
    this.workers = opts.workers ?? DEFAULT_WORKERS;
    this.timers = opts.timers ?? realTimers;
    this.status = opts.status ?? loadConfig().config.status;
    // Wherever the engine runs (headless or in the dashboard), `taw events` can follow it.
    const eventsPath = opts.eventsPath ?? eventsPathFor(opts.tmux);
    this.events = eventsPath ? new EventLog(eventsPath) : undefined;
    this.rosterPath = opts.rosterPath ?? (eventsPath ? rosterFile(opts.tmux.describeSocket()) : "");
    this.finished = new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  /** The model as of the last tick, with the options that tick wrote. */
  get snapshot(): Snapshot | undefined {
    return this.last;
  }

  /** Manifests reloaded (manifest-reload.ts): every pane is identified and read again with them,
   * here and in the workers. */
  setManifests(manifests: ManifestSet): void {
    this.manifests = manifests;
    this.identities.clear();
    this.settled.clear();
    this.host?.setManifests(manifests.all());
  }

  /** A new `[status]` (config.toml changed): the next tick rewrites the rail with it. */
  setStatus(status: StatusConfig): void {
    this.status = status;
  }

  subscribe(listener: EngineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Claim the server (TawError `engine_running` when a live engine holds it) and start ticking. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.claim = await takeClaim(this.tmux, {
      build: currentBuild(),
      restarts: this.restarts,
      role: this.role,
    });
    this.ready = false;
    // Workers only once the server is ours: a losing engine must have nothing keeping it alive.
    this.host = this.workers > 0 ? new WorkerHost(this.workers) : new LocalHost(this.manifests);
    const version = parseVersion(await this.tmux.run(["-V"]).catch(() => ""));
    const serverPid = await this.tmux.run(["display-message", "-p", "#{pid}"]).catch(() => "");
    this.serverReads = new ServerReads(Number(serverPid.trim()));
    this.focusTracked = version ? atLeast(version, FOCUS_FLAGS_SINCE.major, FOCUS_FLAGS_SINCE.minor) : false;
    this.returning = {
      roster: this.rosterPath ? readRoster(this.rosterPath) : {},
      exited: parseExited(await this.tmux.run(["show-options", "-gqv", EXITED_OPTION]).catch(() => "")),
    };
    this.stopped = false;
    this.log.info(`engine started on ${this.tmux.describeSocket()} (claim ${this.claim})`);
    this.schedule(0);
  }

  /** Stop ticking and give the claim back. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer !== undefined) this.timers.clear(this.timer);
    await this.running;
    if (this.claim) await releaseClaim(this.tmux, this.claim).catch(() => undefined);
    this.end("stopped");
  }

  private end(why: string): void {
    this.stopped = true;
    this.tmux.close();
    this.serverReads?.close();
    this.host?.close();
    this.host = undefined;
    this.log.info(`engine ${why}`);
    this.finish();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.dueAt = Date.now() + delay;
    this.timer = this.timers.set(() => {
      this.dueAt = undefined;
      this.running = this.loop();
    }, delay);
  }

  private async loop(): Promise<void> {
    let delay: number;
    try {
      delay = await this.tick();
      this.failures = 0;
    } catch (error) {
      if (error instanceof TawError && error.code === "no_server") {
        this.end("exits: the tmux server has gone away");
        return;
      }
      this.failures++;
      delay = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (this.failures - 1));
      this.log.warn(`tick failed (${this.failures} in a row), retrying in ${delay} ms: ${describe(error)}`);
    }
    if (delay >= 0) this.schedule(delay);
  }

  /** One tick; answers the delay until the next, or -1 when the engine must end. */
  private async tick(): Promise<number> {
    const now = Date.now();
    this.lastTickAt = now;
    const read = await this.readServer(now);
    if (this.stopped) return -1;
    this.readingTicks = read && this.serverRead ? this.readingTicks + 1 : 0;
    if (!read) {
      this.probes++;
      return this.nextDelay();
    }
    // Only the control connection's own session is left: let it go, so the server can exit.
    if (read.full && read.snapshot.sessions.length === 0) this.tmux.close();
    for (const paneId of read.screens.keys()) this.lastCapture.set(paneId, Math.floor(now / 1000));
    const events = this.paneSetEvents(read.snapshot, now);
    const fresh = this.last ? newObjects(this.last, read.snapshot) : [];
    if (fresh.length) read.snapshot.created = await takeHandedOver(this.tmux, fresh);
    if (!this.host) return -1;
    const ticks = this.paneTicks(read, now);
    // Most idle ticks step nobody: no round trip to the workers then.
    const results = ticks.length ? await this.host.step(ticks) : [];
    const commands: string[][] = [];
    this.holding.clear();
    for (const result of results) {
      const pane = read.snapshot.panes.get(result.paneId);
      if (!pane) continue;
      this.track(result);
      if (result.holding) this.holding.add(result.paneId);
      const writes = { ...result.writes, ...this.containerWrite(pane, result) };
      if (Object.keys(writes).length > 0) {
        commands.push(
          paneWrite(pane.id, writes, { state: pane.agent.state, reportStamp: pane.agent.reportStamp }),
        );
        for (const [key, value] of Object.entries(writes)) pane.agent[key as AgentOptionKey] = value;
      }
      // After the writes: an event carries the pane as it now is (its sandbox's runtime).
      for (const transition of result.transitions) {
        events.push({ ...transition, pane: pane.publicId, tmux_id: pane.id, at: now, ...sandboxOf(pane) });
      }
    }
    commands.push(...this.sandboxEnds(read.snapshot, events, now));
    const states: string[] = [];
    for (const pane of read.snapshot.panes.values()) states.push(pane.agent.state);
    const rail = railText(countStates(states), this.status);
    if (rail.styled !== this.rail) commands.push(...railWrite(rail.styled, rail.ascii, this.clients));
    this.rail = rail.styled;
    if (!this.ready && this.claim) commands.push(readyWrite(this.claim));
    if (this.clearExited) commands.push(["set-option", "-gu", EXITED_OPTION]);
    this.clearExited = false;
    // Readers (a dashboard reading this engine) list the panes again only when this moves,
    // and look only when the server read something: an empty job's end is that something.
    if (commands.length || events.length)
      commands.push(
        ["set-option", "-gq", GENERATION_OPTION, String(++this.generation)],
        ["run-shell", "-b", ":"],
      );
    if (commands.length) await this.tmux.batch(commands);
    this.ready = true;
    this.last = read.snapshot;
    this.ticks++;
    this.publish(read.snapshot, events);
    return this.nextDelay();
  }

  private nextDelay(): number {
    if (this.holding.size) return HOLD_TICK_MS;
    if (this.agentPanes.size === 0) return IDENTITY_RECHECK_MS;
    // One read after a quiet spell (an answer to a key) is often all there is: look again soon.
    return this.readingTicks >= 2 ? this.agentTickMs : QUIET_TICK_MS;
  }

  /** Something in this process changed tmux (a herdr socket call that may write): the next
   * tick asks the probe, whatever the server's read counters say. */
  wake(): void {
    this.woken = true;
    // A tick waiting out an agent-less second comes sooner, at the quiet pace at most.
    const soonest = this.lastTickAt + QUIET_TICK_MS;
    if (this.dueAt === undefined || this.dueAt <= soonest) return;
    this.timers.clear(this.timer);
    this.schedule(Math.max(0, soonest - Date.now()));
  }

  /** What this tick reads (reads.ts, probe.ts): every pane when that is due or the probe says
   * more than output moved; otherwise the windows of busy watchers, read with the probe, and
   * those the probe says printed. Undefined when the probe alone was enough (or the claim
   * was lost: the engine has stopped). */
  private async readServer(now: number): Promise<TickRead | undefined> {
    // Looked at before this tick asks tmux anything. The command lines this engine's listings
    // made the server read are taken off: only what others made it read counts.
    const serverRead = this.serverReads?.movedBeyond(this.tmux) ?? true;
    this.serverRead = serverRead;
    const woken = this.woken;
    this.woken = false;
    const last = this.last;
    if (!last || this.rest.fullDue(now)) return this.readAll(now);
    // Busy watchers are read at the pace output goes on at, however soon a quiet tick comes.
    const busyDue = now - this.lastBusyReadAt >= (this.holding.size ? HOLD_TICK_MS : this.agentTickMs);
    const busy = busyDue ? this.busyWindows(last) : new Set<string>();
    if (busy.size) this.lastBusyReadAt = now;
    // The server read nothing (no pane printed, nobody typed, no report came: report.ts) and
    // nothing in this process changed tmux: nothing to ask until the next full listing.
    const probeDue = serverRead || woken;
    const expected = serverRead ? this.printing : new Set<string>();
    this.printing = new Set();
    if (!probeDue && busy.size === 0) return undefined;
    // The windows that printed at the last tick most likely print still (an agent at work):
    // read with the probe, output that goes on costs one tmux invocation a tick, not two.
    const known = new Set(last.sessions.flatMap((session) => session.windows.map((window) => window.id)));
    const ahead = new Set([...busy, ...[...expected].filter((window) => known.has(window))]);
    const first = await this.take(ahead, now);
    if (this.stopped || this.claimLost(first.claim)) return undefined;
    const printed = this.rest.scope(first.probe, ahead);
    if (printed === "all" || !first.complete) return this.readAll(now);
    const stillPrinting = this.rest.printedAmong(first.probe, ahead);
    this.rest.sawRead(first.probe, ahead, now);
    this.printing = new Set([...stillPrinting, ...printed]);
    const screens = first.screens;
    let snapshot = ahead.size ? withWindows(last, first.snapshot, ahead, now) : last;
    if (printed.size && snapshot) {
      const more = await this.take(printed, now);
      if (this.stopped || this.claimLost(more.claim)) return undefined;
      if (!more.complete || this.rest.scope(more.probe, ahead) === "all") return this.readAll(now);
      this.rest.sawRead(more.probe, printed, now);
      for (const [paneId, screen] of more.screens) screens.set(paneId, screen);
      snapshot = withWindows(snapshot, more.snapshot, printed, now);
    }
    if (!snapshot) return this.readAll(now);
    if (snapshot === last) return undefined;
    return { full: false, snapshot, screens, printed: this.printing };
  }

  private async readAll(now: number): Promise<TickRead | undefined> {
    this.printing = new Set();
    const read = await this.take("all", now);
    if (this.stopped || this.claimLost(read.claim)) return undefined;
    this.rest.sawRead(read.probe, "all", now);
    this.clients = read.clients ?? [];
    this.rail = read.rail ?? "";
    return { full: true, snapshot: read.snapshot, screens: read.screens };
  }

  private take(scope: ReadScope, now: number): Promise<Read> {
    return takeRead(this.tmux, scope, this.captureRequests(scope), this.focusTracked, now);
  }

  /** Panes whose watcher is stepped every tick: one that holds an idle verdict, has not
   * settled, or waits for a screen it will be given (a hook's pane is never captured: its
   * wish for a screen is no reason). */
  private busyWindows(last: Snapshot): Set<string> {
    const windows = new Set<string>();
    const add = (paneId: string) => {
      const pane = last.panes.get(paneId);
      if (pane) windows.add(pane.windowId);
    };
    for (const paneId of this.holding) add(paneId);
    for (const paneId of this.agentPanes) {
      if (!this.settled.has(paneId)) add(paneId);
      else if (this.wantsScreen.has(paneId) && !last.panes.get(paneId)?.agent.source.startsWith("hook:"))
        add(paneId);
    }
    return windows;
  }

  private claimLost(claim: string): boolean {
    if (claim === this.claim) return false;
    this.end(`stops: its claim was taken or cleared (now '${claim}')`);
    return true;
  }

  /** Screens worth reading: agent panes the screen decides, in the windows read, when their
   * window printed since. */
  private captureRequests(scope: ReadScope): CaptureRequest[] {
    const requests: CaptureRequest[] = [];
    for (const paneId of this.agentPanes) {
      const pane = this.last?.panes.get(paneId);
      if (pane?.agent.source.startsWith("hook:")) continue;
      if (scope !== "all" && !(pane && scope.has(pane.windowId))) continue;
      const since = this.wantsScreen.has(paneId) ? 0 : (this.lastCapture.get(paneId) ?? 0);
      requests.push({ paneId, sinceSecond: since });
    }
    return requests;
  }

  private paneTicks(read: TickRead, now: number): PaneTick[] {
    // Every pane is looked at again with a full read; between them, a pane whose command changed.
    const identityDue = read.full && now - this.lastIdentityAt >= IDENTITY_RECHECK_MS;
    if (identityDue) this.lastIdentityAt = now;
    // The process table is read at most once a tick, and only when some pane needs it: the
    // recheck is due, or a pane's command (what tmux says is in front) changed since its last look.
    // A pane is identified again only when its command or its foreground processes changed (the
    // table keeps the entry of a process it found unchanged).
    let table: ProcessTable | undefined;
    const watched = watchedSessions(this.clients);
    const ticks: PaneTick[] = [];
    for (const pane of read.snapshot.panes.values()) {
      const tracked = this.agentPanes.has(pane.id) || pane.agent.kind !== "";
      const key = `${pane.pid} ${pane.command} ${pane.agent.kindHint}`;
      const cached = this.identities.get(pane.id);
      let found: Found = cached ?? { kind: undefined };
      // An agent no process names (a report or a hint) ends when the pane's own shell is back
      // at its prompt, which tmux may name as it named the wrapper before: looked at again
      // whenever its window printed.
      const unnamedPrinted = tracked && !cached?.named && read.printed?.has(pane.windowId);
      if (identityDue || cached?.key !== key || unnamedPrinted) {
        table ??= this.processes.read(panePids(read.snapshot));
        const members = table.foregroundOf(pane.pid);
        if (cached?.key !== key || !sameProcesses(cached.members, members)) {
          found = this.identityOf(pane, members);
          this.identities.set(pane.id, { key, members, ...found });
        }
      } else if (!tracked) continue;
      const { kind } = found;
      if (!tracked && kind === undefined) continue;
      const screen = read.screens.get(pane.id);
      const visible = pane.visible && watched.has(pane.sessionId);
      const named = found.named ?? false;
      const shellIdle = ownShellIdle(pane, this.identities.get(pane.id)?.members ?? []);
      const pidGone = !named && pane.agent.pid !== "" && !pidAlive(Number(pane.agent.pid));
      const signature = `${kind}\u0001${found.container ?? ""}\u0001${pane.title}\u0001${visible}\u0001${pane.command}\u0001${named}${shellIdle}${pidGone}\u0001${Object.values(pane.agent).join("\u0001")}`;
      if (screen === undefined && this.settled.get(pane.id) === signature) continue;
      this.signatures.set(pane.id, signature);
      ticks.push({
        paneId: pane.id,
        now,
        kind,
        screen,
        title: pane.title,
        visible,
        shellInFront: isShell(pane.command),
        named,
        shellIdle,
        pidGone,
        options: { ...pane.agent },
      });
    }
    return ticks;
  }

  /** The agent in front of a pane. A kind hint alone does not name one over a shell at its prompt. */
  private identityOf(pane: Pane, foreground: ProcessInfo[]): Found {
    const identity = identify(foreground, this.manifests, pane.agent.kindHint || undefined);
    if (!identity || (identity.via === "hint" && isShell(pane.command))) return { kind: undefined };
    // A sandboxed agent runs in a container: before its runtime is in front (taw's launcher
    // still starting), the hint names nothing, or the agent would be seen outside its sandbox.
    if (identity.via === "hint" && pane.agent.sandbox && !foreground.some(runsContainer))
      return { kind: undefined };
    return { kind: identity.kind, container: identity.container, named: identity.via !== "hint" };
  }

  /** @agent_container follows the runtime in front of the pane while it runs the pane's agent,
   * and goes with the agent's record or at the first read that finds no runtime in front. */
  private containerWrite(pane: Pane, result: PaneResult): OptionWrites {
    const running = result.kind === undefined ? undefined : this.identities.get(pane.id)?.container;
    const wanted = running ?? "";
    return wanted === pane.agent.container ? {} : { container: wanted };
  }

  /** A write to the state folder failing (full, read-only) or working again: said once each way,
   * in @agent_wizard_engine_error (taw doctor shows it) and the log (when it can be written). */
  private sayWriteFailure(failure: string | undefined): void {
    if (failure === this.writeFailure) return;
    this.writeFailure = failure;
    if (failure) this.log.error(failure);
    else this.log.info("the state folder takes writes again");
    void this.tmux
      .tryRun(
        failure
          ? ["set-option", "-g", ENGINE_ERROR_OPTION, failure]
          : ["set-option", "-gu", ENGINE_ERROR_OPTION],
      )
      .catch(() => undefined);
  }

  /** A sandbox profile's process has ended (the pane's own shell is back, alone, no agent
   * recorded): its marks go, so the pane no longer reads as sandboxed, and the end is an event
   * of its own (`pane.sandbox_ended`, naming the profile). */
  private sandboxEnds(snapshot: Snapshot, events: EngineEvent[], now: number): string[][] {
    const commands: string[][] = [];
    for (const pane of snapshot.panes.values()) {
      const { sandbox, kind, state, reportStamp, acquiring } = pane.agent;
      // While `taw agent start` launches (acquiring), its shell is idle before the line is typed.
      if (!sandbox || kind || acquiring || !ownShellIdle(pane, this.identities.get(pane.id)?.members ?? []))
        continue;
      commands.push(paneWrite(pane.id, { sandbox: "" }, { state, reportStamp }), [
        "set-option",
        "-pqu",
        "-t",
        pane.id,
        SANDBOX_PID_OPTION,
      ]);
      pane.agent.sandbox = "";
      events.push({
        kind: "pane.sandbox_ended",
        pane: pane.publicId,
        tmux_id: pane.id,
        agent: null,
        from: null,
        to: null,
        rule: "sandbox_exited",
        at: now,
        sandbox: { profile: sandbox, runtime: null },
      });
      this.log.info(`sandbox ${sandbox} ended in ${pane.publicId}`);
    }
    return commands;
  }

  private track(result: PaneResult): void {
    const signature = this.signatures.get(result.paneId);
    // A write changes the options the next read sees: that input is new, and is sent.
    if (result.settled && signature !== undefined && Object.keys(result.writes).length === 0)
      this.settled.set(result.paneId, signature);
    else this.settled.delete(result.paneId);
    this.signatures.delete(result.paneId);
    if (result.kind === undefined) {
      this.agentPanes.delete(result.paneId);
      this.lastCapture.delete(result.paneId);
    } else this.agentPanes.add(result.paneId);
    if (result.wantsScreen) this.wantsScreen.add(result.paneId);
    else this.wantsScreen.delete(result.paneId);
  }

  /** pane.created / pane.closed against the last tick (nothing on the first). */
  private paneSetEvents(next: Snapshot, now: number): EngineEvent[] {
    const before = this.last;
    if (!before) {
      // Panes that ended while no engine ran: closed now.
      const { roster, exited } = this.returning ?? { roster: {}, exited: [] };
      this.returning = undefined;
      this.clearExited = exited.length > 0;
      return closedSince(roster, exited, next, now);
    }
    const events: EngineEvent[] = [];
    const event = (kind: EngineEvent["kind"], pane: Pane): EngineEvent => ({
      kind,
      pane: pane.publicId,
      tmux_id: pane.id,
      agent: pane.agent.kind || null,
      from: null,
      to: null,
      rule: null,
      at: now,
    });
    for (const [id, pane] of next.panes) if (!before.panes.has(id)) events.push(event("pane.created", pane));
    const closed: string[] = [];
    for (const [id, pane] of before.panes) {
      if (next.panes.has(id)) continue;
      closed.push(id);
      events.push(event("pane.closed", pane));
      this.agentPanes.delete(id);
      this.wantsScreen.delete(id);
      this.lastCapture.delete(id);
      this.identities.delete(id);
      this.settled.delete(id);
    }
    if (closed.length) this.host?.forget(closed);
    this.clearExited ||= closed.length > 0;
    return events;
  }

  private publish(snapshot: Snapshot, events: EngineEvent[]): void {
    // The roster follows the panes and their agents: it changes only with an event (or the first tick).
    const rosterFailure =
      this.rosterPath && (events.length || this.ticks === 1)
        ? saveRoster(this.rosterPath, rosterOf(snapshot))
        : undefined;
    if (events.length) {
      this.events?.append(events);
      this.sayWriteFailure(this.events?.failure ?? rosterFailure);
      for (const event of events) {
        this.log.debug(
          `${event.kind} ${event.pane} ${event.agent ?? "-"} ${event.from ?? "-"} -> ${event.to ?? "-"} (${event.rule ?? "-"})`,
        );
      }
    }
    for (const listener of this.listeners) {
      try {
        listener(snapshot, events);
      } catch (error) {
        this.log.error(`a subscriber failed: ${describe(error)}`);
      }
    }
  }
}

/** The events file of the server a Tmux client addresses. */
/** A sandboxed pane's events say which sandbox (as `agent list` does). */
const sandboxOf = (pane: Pane): { sandbox?: SandboxRecord } =>
  pane.agent.sandbox
    ? { sandbox: { profile: pane.agent.sandbox, runtime: pane.agent.container || null } }
    : {};

export const eventsPathFor = (tmux: Tmux, env: Record<string, string | undefined> = process.env) =>
  eventsFile(tmux.describeSocket(env), env);

/** The pane's own shell at its prompt: it leads the terminal's foreground group, alone. Not
 * known (no processes read) is not idle. */
const ownShellIdle = (pane: Pane, foreground: ProcessInfo[]) =>
  foreground.length === 1 && foreground[0]?.pid === pane.pid && isShell(foreground[0].name);

const runsContainer = (process: ProcessInfo) => parseContainer(process.argv) !== undefined;

const sameProcesses = (a: ProcessInfo[], b: ProcessInfo[]) =>
  a.length === b.length && a.every((process, index) => process === b[index]);

function* panePids(snapshot: Snapshot): Iterable<number> {
  for (const pane of snapshot.panes.values()) yield pane.pid;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
