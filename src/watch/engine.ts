// The engine: one per tmux server. Each tick it reads the server in one tmux invocation
// (tick-read.ts), reads the process table once (identities.ts), steps one watcher per pane
// (pane-watch.ts decides which, in Workers), writes what changed in at most one more
// invocation with the rail (tick-writes.ts), and tells its subscribers (publish.ts). It holds
// the server's claim (claim.ts) while it runs, and on a clean stop gives it back with the
// rail, which nobody would keep current after it. Its pace is cadence.ts's.

import { loadConfig } from "../config/load.ts";
import type { StatusConfig } from "../config/types.ts";
import { loadManifests, type ManifestSet } from "../detect/manifest.ts";
import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { atLeast, parseVersion } from "../tmux/version.ts";
import { Announcements } from "./announcements.ts";
import { currentBuild } from "./build.ts";
import {
  AGENT_TICK_MS,
  backoff,
  CONTROL_AGENT_TICK_MS,
  HOLD_TICK_MS,
  IDENTITY_RECHECK_MS,
  QUIET_TICK_MS,
  realTimers,
  type Timers,
} from "./cadence.ts";
import { type EngineRole, releaseClaim, takeClaim } from "./claim.ts";
import { newObjects, takeHandedOver } from "./created.ts";
import { type EngineEvent, EventLog, eventsPathFor } from "./events.ts";
import type { WatcherHost } from "./host.ts";
import { LocalHost } from "./host.ts";
import { Identities } from "./identities.ts";
import { type Logger, silentLogger } from "./log.ts";
import { paneSetChanges, sandboxEnds, sandboxOf } from "./pane-events.ts";
import { PaneWatch } from "./pane-watch.ts";
import { DEFAULT_WORKERS, WorkerHost } from "./pool.ts";
import { type EngineListener, Publisher } from "./publish.ts";
import { closedSince, EXITED_OPTION, parseExited, type Roster, readRoster, rosterFile } from "./roster.ts";
import { TickReader } from "./tick-read.ts";
import { TickWrites } from "./tick-writes.ts";
import { applyTypedLines } from "./typed-line.ts";
import { Unwatched } from "./unwatched.ts";

export type { EngineListener };

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

export class Engine {
  /** The engine's tmux client: over one control connection with TAW_TMUX_CONTROL=1, and then
   * the herdr socket's writes take it too. */
  readonly tmux: Tmux;
  private manifests: ManifestSet;
  private readonly log: Logger;
  private host: WatcherHost | undefined;
  private readonly workers: number;
  private readonly rosterPath: string;
  /** What the roster and the pane-exited hook said at start, for the first tick. */
  private returning: { roster: Roster; exited: string[] } | undefined;
  /** What verbs beside the engine tell it (a worktree made or removed), for its listeners. */
  readonly announcements = new Announcements();
  private claim: string | undefined;
  /** The first tick's writes are in tmux: verbs that started this engine may read the records. */
  private ready = false;
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
  private readonly watch = new PaneWatch();
  private readonly identities: Identities;
  private readonly reader: TickReader;
  private readonly writes: TickWrites;
  private readonly publisher: Publisher;
  /** Panes `taw watch off` took out of watching. */
  private readonly unwatched = new Unwatched();
  private failures = 0;
  /** Ticks in a row that read something after the server read something: from two on, output
   * goes on (AGENT_TICK_MS). A tick that only read busy watchers (the server quiet) does not
   * count: the next look comes at the quiet pace, so an agent that changes again right after
   * a verdict (an answer, then a prompt) is seen as soon as after a quiet spell. */
  private readingTicks = 0;
  /** Full reads taken, and quiet ticks that asked only the probe: for bench and `engine status`. */
  ticks = 0;
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
    this.identities = new Identities(this.manifests);
    this.log = opts.log ?? silentLogger;
    this.workers = opts.workers ?? DEFAULT_WORKERS;
    this.timers = opts.timers ?? realTimers;
    this.status = opts.status ?? loadConfig().config.status;
    // Wherever the engine runs (headless or in the dashboard), `taw events` can follow it.
    const eventsPath = opts.eventsPath ?? eventsPathFor(opts.tmux);
    this.rosterPath = opts.rosterPath ?? (eventsPath ? rosterFile(opts.tmux.describeSocket()) : "");
    this.reader = new TickReader({
      tmux: this.tmux,
      watch: this.watch,
      agentTickMs: this.agentTickMs,
      holds: (claim) => !this.stopped && !this.claimLost(claim),
    });
    this.writes = new TickWrites(this.tmux);
    this.publisher = new Publisher(
      this.tmux,
      this.log,
      eventsPath ? new EventLog(eventsPath) : undefined,
      this.rosterPath,
    );
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
    this.identities.setManifests(manifests);
    this.watch.unsettle();
    this.host?.setManifests(manifests.all());
  }

  /** A new `[status]` (config.toml changed): the next tick rewrites the rail with it. */
  setStatus(status: StatusConfig): void {
    this.status = status;
  }

  subscribe(listener: EngineListener): () => void {
    this.publisher.listeners.add(listener);
    return () => this.publisher.listeners.delete(listener);
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
    this.reader.start(
      Number(serverPid.trim()),
      version ? atLeast(version, FOCUS_FLAGS_SINCE.major, FOCUS_FLAGS_SINCE.minor) : false,
    );
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
    this.reader.close();
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
      delay = backoff(this.failures);
      this.log.warn(`tick failed (${this.failures} in a row), retrying in ${delay} ms: ${describe(error)}`);
    }
    if (delay >= 0) this.schedule(delay);
  }

  /** One tick; answers the delay until the next, or -1 when the engine must end. */
  private async tick(): Promise<number> {
    const now = Date.now();
    this.lastTickAt = now;
    const read = await this.reader.read(this.last, now);
    if (this.stopped) return -1;
    this.readingTicks = read && this.reader.serverRead ? this.readingTicks + 1 : 0;
    if (!read) {
      this.probes++;
      return this.nextDelay();
    }
    this.writes.saw(read);
    // Only the control connection's own session is left: let it go, so the server can exit.
    if (read.full && read.snapshot.sessions.length === 0) this.tmux.close();
    this.watch.captured(read.screens.keys(), now);
    // A started agent's screen is what it drew below the line its command was typed on.
    this.writes.add(applyTypedLines(read.snapshot, read.screens));
    const events = this.paneSetEvents(read.snapshot, now);
    const fresh = this.last ? newObjects(this.last, read.snapshot) : [];
    if (fresh.length) read.snapshot.created = await takeHandedOver(this.tmux, fresh);
    if (!this.host) return -1;
    const { newly, clears } = this.unwatched.update(read.snapshot);
    this.forgetPanes(newly);
    this.writes.add(clears);
    const ticks = this.watch
      .paneTicks(read, now, this.identities, this.writes.clients)
      .filter((tick) => !this.unwatched.has(tick.paneId));
    // Most idle ticks step nobody: no round trip to the workers then.
    const results = ticks.length ? await this.host.step(ticks) : [];
    this.watch.startResults();
    for (const result of results) {
      const pane = read.snapshot.panes.get(result.paneId);
      if (!pane) continue;
      this.watch.track(result);
      // @agent_container follows the runtime in front of the pane while it runs the pane's
      // agent, and goes with the agent's record or at the first read that finds no runtime.
      const container = (result.kind === undefined ? undefined : this.identities.container(pane.id)) ?? "";
      this.writes.pane(pane, {
        ...result.writes,
        ...(container === pane.agent.container ? {} : { container }),
      });
      // After the writes: an event carries the pane as it now is (its sandbox's runtime).
      for (const transition of result.transitions) {
        events.push({ ...transition, pane: pane.publicId, tmux_id: pane.id, at: now, ...sandboxOf(pane) });
      }
    }
    this.writes.add(sandboxEnds(read.snapshot, this.identities, events, now, this.log));
    await this.writes.flush(
      read.snapshot,
      this.status,
      !this.ready && this.claim ? this.claim : undefined,
      events.length > 0,
    );
    this.ready = true;
    this.last = read.snapshot;
    this.ticks++;
    this.publisher.publish(read.snapshot, events, this.ticks === 1);
    return this.nextDelay();
  }

  private nextDelay(): number {
    if (this.watch.holds) return HOLD_TICK_MS;
    if (!this.watch.hasAgents) return IDENTITY_RECHECK_MS;
    // One read after a quiet spell (an answer to a key) is often all there is: look again soon.
    return this.readingTicks >= 2 ? this.agentTickMs : QUIET_TICK_MS;
  }

  /** Something in this process changed tmux (a herdr socket call that may write): the next
   * tick asks the probe, whatever the server's read counters say. */
  wake(): void {
    this.reader.wake();
    // A tick waiting out an agent-less second comes sooner, at the quiet pace at most.
    const soonest = this.lastTickAt + QUIET_TICK_MS;
    if (this.dueAt === undefined || this.dueAt <= soonest) return;
    this.timers.clear(this.timer);
    this.schedule(Math.max(0, soonest - Date.now()));
  }

  private claimLost(claim: string): boolean {
    if (claim === this.claim) return false;
    this.end(`stops: its claim was taken or cleared (now '${claim}')`);
    return true;
  }

  /** pane.created / pane.closed against the last tick; on the first, the panes that ended
   * while no engine ran (the roster and the pane-exited hook's list). */
  private paneSetEvents(next: Snapshot, now: number): EngineEvent[] {
    if (!this.last) {
      const { roster, exited } = this.returning ?? { roster: {}, exited: [] };
      this.returning = undefined;
      this.writes.clearExited = exited.length > 0;
      return closedSince(roster, exited, next, now);
    }
    const { events, closed } = paneSetChanges(this.last, next, now);
    this.forgetPanes(closed);
    this.writes.clearExited ||= closed.length > 0;
    return events;
  }

  /** What the engine knew of these panes goes: they closed, or are no longer watched. */
  private forgetPanes(paneIds: string[]): void {
    for (const paneId of paneIds) {
      this.watch.forget(paneId);
      this.identities.forget(paneId);
    }
    if (paneIds.length) this.host?.forget(paneIds);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
