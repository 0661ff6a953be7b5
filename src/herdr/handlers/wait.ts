// agent.wait, and agent.prompt's `wait`: answered when the engine reports the agent's status
// in `until` (idle, done or blocked by default), `timeout` past `timeout_ms`, and given up
// the moment the client goes: no wait outlives its client.

import { takeSnapshot } from "../../tmux/server.ts";
import type { Snapshot } from "../../tmux/snapshot.ts";
import type { EngineEvent } from "../../watch/events.ts";
import type { MethodContext } from "../context.ts";
import { optionalCount } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { type AgentStatus, agentInfo, statusOf } from "../shapes.ts";

const STATUSES: AgentStatus[] = ["idle", "working", "blocked", "done", "unknown"];
const DEFAULT_UNTIL: AgentStatus[] = ["idle", "done", "blocked"];

export interface WaitSpec {
  until: AgentStatus[];
  timeoutMs: number | undefined;
}

/** `until` and `timeout_ms` of a wait object. */
export function waitSpec(params: Record<string, unknown>): WaitSpec {
  const until = params.until ?? [];
  if (!Array.isArray(until) || until.some((s) => !STATUSES.includes(s as AgentStatus)))
    throw new HerdrError("invalid_params", `"until" must be a list of ${STATUSES.join(", ")}`);
  return {
    until: until.length ? (until as AgentStatus[]) : DEFAULT_UNTIL,
    timeoutMs: optionalCount(params, "timeout_ms"),
  };
}

export interface Waiter {
  /** Resolves with the agent's record once a later transition lands in `until`. */
  matched: Promise<Record<string, unknown>>;
  cancel(): void;
}

/** What a wait does with each batch of the engine's transitions: a value ends it, a HerdrError
 * fails it, undefined keeps waiting. */
export type Judge<T> = (snapshot: Snapshot, events: EngineEvent[]) => T | HerdrError | undefined;

/** Wait on the engine's transitions until `judge` decides, `timeoutMs` passes (herdr's
 * `timeout`, worded by `what`) or the client goes (`client_disconnected`). */
export function awaitEngine<T>(
  ctx: MethodContext,
  timeoutMs: number | undefined,
  what: string,
  judge: Judge<T>,
): { matched: Promise<T>; cancel(): void } {
  const { events, signal } = ctx;
  if (!events)
    throw new HerdrError(
      "unsupported",
      "waits need the engine's transitions, and no engine hosts this socket",
    );
  let finish = () => {};
  const matched = new Promise<T>((resolve, reject) => {
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => fail(new HerdrError("timeout", `timed out waiting for ${what}`)), timeoutMs);
    const gone = () => fail(new HerdrError("client_disconnected", "the client went before the wait ended"));
    const unsubscribe = events((snapshot, list) => {
      const verdict = judge(snapshot, list);
      if (verdict === undefined) return;
      if (verdict instanceof HerdrError) return fail(verdict);
      finish();
      resolve(verdict);
    });
    finish = () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener("abort", gone);
    };
    const fail = (error: HerdrError) => {
      finish();
      reject(error);
    };
    signal?.addEventListener("abort", gone, { once: true });
    if (signal?.aborted) gone();
  });
  return { matched, cancel: () => finish() };
}

/** Start waiting on the pane `paneId` (tmux's id) for a transition into `spec.until`. */
export function waitForStatus(paneId: string, spec: WaitSpec, ctx: MethodContext): Waiter {
  const waiter = awaitEngine(ctx, spec.timeoutMs, "agent status", (_snapshot, list) => {
    const event = list.find((e) => e.tmux_id === paneId && e.kind === "pane.agent_status_changed");
    if (!event) return undefined;
    if (event.to === null)
      return new HerdrError("not_found", "the agent left its pane before the wait ended");
    const status = statusOf(event.to);
    return spec.until.includes(status) ? status : undefined;
  });
  return { matched: waiter.matched.then((status) => record(paneId, status, ctx)), cancel: waiter.cancel };
}

/** The agent's record now, with the status the transition named (tmux may lag a write behind). */
async function record(paneId: string, status: AgentStatus, ctx: MethodContext) {
  const snapshot = await takeSnapshot(ctx.tmux);
  const pane = snapshot.panes.get(paneId);
  if (!pane) throw new HerdrError("not_found", "the agent's pane closed");
  return { ...agentInfo(pane, snapshot), agent_status: status };
}
