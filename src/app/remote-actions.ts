// The keys on another host's agent: the same verbs, sent over that host's connection
// (agent.prompt, agent.rename, agent.kill, agent.seen), run there by its own taw against its
// own tmux server, which re-resolves the target exactly before acting. Enter attaches a local
// window to the agent's session (src/hosts/attach.ts). A row whose host does not answer is
// as last read: nothing is acted on it.

import { formatDuration } from "../duration.ts";
import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import type { HostLink, HostsAccess } from "./hosts-feed.ts";
import { type HostedRow, splitRemoteKey } from "./remote-rows.ts";
import type { DashStore } from "./store.ts";

/** What of the dashboard's action context (actions.ts) these use. */
export interface ActionContext {
  store: DashStore;
  tmux: Tmux;
  client?: string;
  hosts?: HostsAccess;
}

/** How long a verb on another host may take (a prompt waits for the paste to land there). */
const VERB_TIMEOUT_MS = 10_000;

/** The remote row a pane key names, or undefined for a local pane. */
export function remoteRowOf(ctx: ActionContext, paneId: string): HostedRow | undefined {
  if (!splitRemoteKey(paneId)) return undefined;
  return ctx.store.getState().allAgents.find((row) => row.paneId === paneId && row.host);
}

/** Why nothing may be done on the row now (its host is away), or undefined when it may. */
export function staleReason(ctx: ActionContext, row: HostedRow): string | undefined {
  const host = ctx.store.getState().hosts.find((h) => h.name === row.host);
  if (host?.state === "ok" && host.current && !row.stale) return undefined;
  const read = row.stale ?? host?.readAt ?? 0;
  const age = read ? ` (last read ${formatDuration(Math.max(0, (Date.now() - read) / 1000))} ago)` : "";
  const why =
    host?.state === "unreachable"
      ? `${row.host} is unreachable: ${host.reason}`
      : `${row.host} is ${host?.state ?? "not connected"}`;
  return `${why}${age}: not acting on a stale record of ${row.label}`;
}

/** The row's host connection, or a TawError saying why it cannot be used now. */
function linkFor(ctx: ActionContext, row: HostedRow): HostLink {
  const stale = staleReason(ctx, row);
  if (stale) throw new TawError("host_unreachable", stale);
  const link = ctx.hosts?.link(row.host ?? "");
  if (!link) throw new TawError("host_unreachable", `no connection to ${row.host}`);
  return link;
}

/** Send `method` for the row's pane to its host; its error is said with the host's name. */
export async function remoteVerb(
  ctx: ActionContext,
  row: HostedRow,
  method: string,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  const link = linkFor(ctx, row);
  try {
    return await link.request(method, { target: row.target, ...params }, VERB_TIMEOUT_MS);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "host_unreachable";
    throw new TawError(code, `${row.host}: ${(error as Error).message}`);
  }
}

/** `s` / `S` on a remote row: the chosen kind started on its host (agent.start), in a new
 * window of the row's session there, or in a split beside it, in its folder. */
export async function startRemote(
  ctx: ActionContext,
  row: HostedRow,
  place: "window" | "split" | "worktree",
  kind: string,
  sandbox?: string,
): Promise<string> {
  if (place === "worktree") throw new TawError("usage", `worktrees are made on ${row.host} by its own taw`);
  const where =
    place === "window"
      ? { target: "window", session: splitRemoteKey(row.sessionId)?.id }
      : { target: "split", pane: row.target };
  const started = (await remoteVerb(ctx, row, "agent.start", {
    kind,
    ...where,
    ...(row.path ? { cwd: row.path } : {}),
    ...(sandbox ? { sandbox } : {}),
  })) as { label?: string };
  return `started ${kind} on ${row.host} in ${started.label ?? row.session}`;
}

/** Enter on a remote row: a local window attached to its session, selected; the popup closes
 * as after a local jump. */
export async function remoteJump(ctx: ActionContext, row: HostedRow): Promise<string> {
  linkFor(ctx, row);
  const [{ findHost }, { openAttached }] = await Promise.all([
    import("../hosts/config.ts"),
    import("../hosts/attach.ts"),
  ]);
  const host = findHost(process.env, row.host ?? "");
  const remote = {
    session: splitRemoteKey(row.sessionId)?.id ?? "",
    window: splitRemoteKey(row.windowId)?.id ?? "",
    pane: row.target ?? "",
  };
  const session = await localSession(ctx);
  const result = await openAttached(ctx.tmux, host, remote, {
    session,
    client: ctx.client,
    name: `${row.host}:${row.session}`,
  });
  return `${result.reused ? "back on" : "attached to"} ${row.label}${result.switched_client ? "" : " (no tmux client to switch)"}`;
}

/** Where the attached window goes: the popup's client's session, else this dashboard's. */
async function localSession(ctx: ActionContext): Promise<string> {
  const asked = ctx.client
    ? ["display-message", "-p", "-c", target(ctx.client), "#{session_id}"]
    : process.env.TMUX_PANE
      ? ["display-message", "-p", "-t", target(process.env.TMUX_PANE), "#{session_id}"]
      : undefined;
  const answer = asked ? (await ctx.tmux.tryRun(asked)).stdout.trim() : "";
  const session = answer || ctx.store.getState().snapshot?.sessions[0]?.id;
  if (!session) throw new TawError("no_session", "no local tmux session to open the attached window in");
  return session;
}
