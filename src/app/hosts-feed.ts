// The other hosts' side of the feed: one long-lived connection per configured host
// (config.toml [hosts.*]), each reconnecting on its own (1, 2, 4 … 30 s), each watching its
// host's agents (`agent.watch` after every hello: the far end forgets a watch when the
// connection ends). What they say goes into the store as HostView; nothing here is awaited by
// a render, so a host that hangs never stops the dashboard drawing. No host configured: no
// connection, no timer, nothing.

import { secondsUntilChange } from "../duration.ts";
import type { HostState } from "../hosts/connection.ts";
import type { HostView, RemoteInboxRecord, RemoteRecord } from "./remote-rows.ts";
import { type DashStore, setHosts, showMessage } from "./store.ts";

/** What the feed needs of a connection (src/hosts/connection.ts HostConnection; tests give a stand-in). */
export interface HostLink {
  readonly name: string;
  readonly state: HostState;
  connect(): Promise<void>;
  request(method: string, params: Record<string, unknown>, timeoutMs: number): Promise<unknown>;
  onEvent(listener: (event: Record<string, unknown>) => void): () => void;
  onState(listener: (state: HostState) => void): () => void;
  close(): void;
}

/** What the keys reach of the hosts: a host's connection, and a fresh read of its Inbox. */
export interface HostsAccess {
  link(name: string): HostLink | undefined;
  refreshInbox?(name: string): void;
}

/** A configured host: a connection to make, or why none can be made (a bad [hosts.x] table). */
export type HostPlan = { name: string; link: HostLink } | { name: string; problem: string };

/** How long a watch may take to answer before the host is read again at its next hello. */
const WATCH_TIMEOUT_MS = 15_000;
/** A watch that failed on a host that answers is tried again after these (then every 30 s). */
const RETRY_MS = [1000, 2000, 4000, 8000, 16000, 30000];

export class HostsFeed {
  private readonly views = new Map<string, HostView>();
  private readonly links = new Map<string, HostLink>();
  private readonly unsubscribe: (() => void)[] = [];
  /** Watches that failed on a host that answers, by host: how many, and the next try. */
  private readonly failures = new Map<string, number>();
  private readonly retries = new Map<string, ReturnType<typeof setTimeout>>();
  /** Each host's blocked agents as last seen (`id@since,…`): a change reads its Inbox again. */
  private readonly blocked = new Map<string, string>();
  private clock: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly store: DashStore,
    private readonly plans: HostPlan[],
    private readonly now: () => number = Date.now,
  ) {}

  /** Connect to every host; returns at once (each connection goes its own way). */
  start(): void {
    for (const plan of this.plans) {
      if ("problem" in plan) {
        this.views.set(
          plan.name,
          this.view(plan.name, { state: "unreachable", since: this.now(), reason: plan.problem }),
        );
        showMessage(this.store, plan.problem, true);
        continue;
      }
      const { link } = plan;
      this.links.set(plan.name, link);
      this.views.set(plan.name, this.view(plan.name, link.state));
      this.unsubscribe.push(
        link.onState((state) => this.onState(link, state)),
        link.onEvent((event) => {
          if (event.event === "agents" && Array.isArray(event.agents)) this.onAgents(link.name, event.agents);
        }),
      );
      link.connect().catch(() => undefined);
    }
    this.publish();
  }

  /** The connection of host `name`, for the verbs sent there; undefined when none is made. */
  link(name: string): HostLink | undefined {
    return this.links.get(name);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.clock);
    for (const retry of this.retries.values()) clearTimeout(retry);
    for (const off of this.unsubscribe) off();
    for (const link of this.links.values()) link.close();
  }

  private view(name: string, state: HostState, previous?: HostView): HostView {
    const agents = previous?.agents ?? [];
    const readAt = previous?.current ? this.now() : (previous?.readAt ?? 0);
    if (state.state === "unreachable")
      return {
        name,
        state: "unreachable",
        since: state.since,
        reason: state.reason,
        agents,
        current: false,
        readAt,
      };
    return { name, state: state.state, since: 0, reason: "", agents, current: false, readAt };
  }

  private onState(link: HostLink, state: HostState): void {
    if (this.stopped) return;
    const previous = this.views.get(link.name);
    this.views.set(link.name, this.view(link.name, state, previous));
    this.publish();
    if (state.state !== "ok") return;
    // A hello: read the host fresh and hear of each change from now on.
    clearTimeout(this.retries.get(link.name));
    this.failures.set(link.name, 0);
    this.watch(link);
  }

  /** Watch the host's agents. A host that says hello but cannot read its own server (its tmux
   * server is gone) is unreachable too, and its watch is tried again, backing off. */
  private watch(link: HostLink): void {
    link
      .request("agent.watch", {}, WATCH_TIMEOUT_MS)
      .then((result) => {
        const agents = (result as { agents?: unknown } | null)?.agents;
        if (Array.isArray(agents) && link.state.state === "ok") this.onAgents(link.name, agents);
      })
      .catch((error) => {
        const previous = this.views.get(link.name);
        // A connection that ended says so itself (onState), and watches again at its hello.
        if (this.stopped || !previous || link.state.state !== "ok") return;
        const now = this.now();
        this.views.set(link.name, {
          ...previous,
          state: "unreachable",
          since: previous.state === "unreachable" ? previous.since : now,
          reason: (error as Error).message,
          current: false,
          readAt: previous.current ? now : previous.readAt,
        });
        this.publish();
        const failures = this.failures.get(link.name) ?? 0;
        this.failures.set(link.name, failures + 1);
        const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] as number;
        this.retries.set(
          link.name,
          setTimeout(() => {
            if (!this.stopped && link.state.state === "ok") this.watch(link);
          }, delay),
        );
      });
  }

  private onAgents(name: string, agents: unknown[]): void {
    const previous = this.views.get(name);
    if (this.stopped || !previous) return;
    const records = (agents as RemoteRecord[]).map((record) => ({ ...record, host: name }));
    this.failures.set(name, 0);
    const fresh = { state: "ok" as const, since: 0, reason: "" };
    this.views.set(name, { ...previous, ...fresh, agents: records, current: true, readAt: this.now() });
    this.publish();
    // What the blocked ones ask is read there (inbox.list) when the blocked set changes.
    const blocked = records
      .filter((record) => record.agent?.state === "blocked")
      .map((record) => `${record.tmux_id}@${record.agent?.state_since ?? ""}`)
      .join();
    if (blocked !== (this.blocked.get(name) ?? "")) {
      this.blocked.set(name, blocked);
      this.refreshInbox(name);
    }
  }

  /** Read again what host `name`'s blocked agents ask (after an answer, or a change). */
  refreshInbox(name: string): void {
    const link = this.links.get(name);
    const view = this.views.get(name);
    if (!link || !view || this.stopped) return;
    if (!view.agents.some((record) => record.agent?.state === "blocked")) {
      if (view.inbox?.length) this.update(name, { inbox: [] });
      return;
    }
    link
      .request("inbox.list", {}, WATCH_TIMEOUT_MS)
      .then((entries) => {
        if (Array.isArray(entries)) this.update(name, { inbox: entries as RemoteInboxRecord[] });
      })
      // Unread, a blocked agent is still listed (as `other`); the next change reads again.
      .catch(() => undefined);
  }

  private update(name: string, change: Partial<HostView>): void {
    const view = this.views.get(name);
    if (!view || this.stopped) return;
    this.views.set(name, { ...view, ...change });
    this.publish();
  }

  /** The header's "unreachable 2m" and the rows' "stale 40s" move when their label would
   * change (each second for a minute, then each minute), only while a host is away. */
  private scheduleClock(): void {
    clearTimeout(this.clock);
    this.clock = undefined;
    if (this.stopped) return;
    const wall = this.now() / 1000;
    // Seconds until the label of a time `ms` ago changes, to the fraction.
    const until = (ms: number) => {
      const elapsed = Math.max(0, wall - ms / 1000);
      return secondsUntilChange(elapsed) - (elapsed - Math.floor(elapsed));
    };
    let soonest = Number.POSITIVE_INFINITY;
    for (const host of this.views.values()) {
      if (host.state === "unreachable" && host.since) soonest = Math.min(soonest, until(host.since));
      if (!host.current && host.readAt && host.agents.length) soonest = Math.min(soonest, until(host.readAt));
    }
    if (!Number.isFinite(soonest)) return;
    this.clock = setTimeout(
      () => {
        this.store.setState({ now: Math.floor(this.now() / 1000) });
        this.scheduleClock();
      },
      Math.max(50, soonest * 1000),
    );
    this.clock.unref?.();
  }

  private publish(): void {
    const hosts = [...this.views.values()];
    setHosts(this.store, hosts);
    this.scheduleClock();
  }
}

/** The configured hosts as plans: a reconnecting connection each (`taw hosts serve` there). */
export async function hostPlans(env: Record<string, string | undefined>): Promise<HostPlan[]> {
  const { configuredHosts } = await import("../hosts/config.ts");
  const entries = configuredHosts(env);
  if (entries.length === 0) return [];
  const { serveArgv } = await import("../hosts/argv.ts");
  const { HostConnection } = await import("../hosts/connection.ts");
  return entries.map(({ name, host }) =>
    "problem" in host
      ? { name, problem: host.problem }
      : {
          name,
          link: new HostConnection(name, serveArgv(host), env, { reconnect: true }) as unknown as HostLink,
        },
  );
}
