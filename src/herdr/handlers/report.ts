// The report methods, on the verbs `taw pane report-agent`, `report-agent-session`,
// `release-agent` and `report-metadata` call (src/watch/send-report.ts): the same tmux writes, the same `seq` per source. Only for the
// caller's own pane (caller.ts): `pane_id` may be left out, and naming another is refused.
// A state report records its reporters (claims.ts), so a reporter that dies releases.

import { target } from "../../tmux/escape.ts";
import { AGENT_OPTIONS as O } from "../../tmux/formats.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import {
  type ReportFor,
  sendAgentReport,
  sendMetadata,
  sendRelease,
  sendSessionReport,
} from "../../watch/send-report.ts";
import { ancestors, paneOfChain } from "../caller.ts";
import { reportersOf } from "../claims.ts";
import type { MethodContext } from "../context.ts";
import { optionalCount, optionalString, paneIdParam, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { verb } from "../verb.ts";

type Params = Record<string, unknown>;

/** What every report names beside its pane: its source, and its seq as digits. */
function sourceOf(params: Params, source = requiredString(params, "source")): Omit<ReportFor, "pane"> {
  const seq = optionalCount(params, "seq");
  return { source, seq: seq === undefined ? undefined : String(seq) };
}

/** The session fields herdr's report params carry. */
const sessionOf = (params: Params) => ({
  agent: requiredString(params, "agent"),
  sessionId: optionalString(params, "agent_session_id"),
  sessionPath: optionalString(params, "agent_session_path"),
});

const forbidden = (message: string) => new HerdrError("forbidden", message);

/** The caller's own pane and its process chain: a report speaks for the pane its process runs
 * in, and for no other; a process outside every pane cannot report. */
async function callerPane(params: Params, ctx: MethodContext) {
  if (ctx.caller === undefined)
    throw forbidden("taw cannot tell which process is calling (no SO_PEERCRED here), so it takes no reports");
  const chain = ancestors(ctx.caller);
  const cached = ctx.snapshot?.();
  // A pane newer than the engine's last tick is not in its model yet: ask tmux.
  const pane = (cached && paneOfChain(chain, cached)) ?? paneOfChain(chain, await takeSnapshot(ctx.tmux));
  if (!pane)
    throw forbidden("the caller runs in no pane of this tmux server; a report speaks only for its own pane");
  if (params.pane_id !== undefined && paneIdParam(params) !== pane.id)
    throw forbidden(
      `a report speaks only for the caller's own pane ${pane.publicId}, not ${String(params.pane_id)}`,
    );
  return { pane, chain };
}

export async function reportAgentMethod(params: Params, ctx: MethodContext) {
  const { source, seq } = sourceOf(params);
  const session = sessionOf(params);
  const state = requiredString(params, "state");
  const message = optionalString(params, "message");
  const { pane, chain } = await callerPane(params, ctx);
  await verb(() => sendAgentReport(ctx.tmux, { pane: pane.id, source, seq, ...session, state, message }));
  const { agent } = session;
  ctx.claims?.record({ paneId: pane.id, source, agent, pids: reportersOf(chain, pane.pid), at: Date.now() });
  return { type: "ok" };
}

export async function reportAgentSessionMethod(params: Params, ctx: MethodContext) {
  const report = sourceOf(params);
  const session = sessionOf(params);
  const { pane } = await callerPane(params, ctx);
  await verb(() => sendSessionReport(ctx.tmux, { pane: pane.id, ...report, ...session }));
  return { type: "ok" };
}

export async function releaseAgentMethod(params: Params, ctx: MethodContext) {
  const report = sourceOf(params);
  requiredString(params, "agent");
  const { pane } = await callerPane(params, ctx);
  await verb(() => sendRelease(ctx.tmux, { pane: pane.id, ...report }));
  ctx.claims?.forget(pane.id, report.source);
  return { type: "ok" };
}

/** herdr's metadata patch: `title`/`display_agent` set (clear_* or "" clears), `tokens` name → value
 * (null clears it, written empty). State labels and applies_to_source have no tmux home. */
export async function reportMetadataMethod(params: Params, ctx: MethodContext) {
  const report = sourceOf(params);
  const title = params.clear_title === true ? "" : optionalString(params, "title");
  const display = params.clear_display_agent === true ? "" : optionalString(params, "display_agent");
  const words: string[] = [];
  const tokens = params.tokens ?? {};
  if (typeof tokens !== "object" || tokens === null || Array.isArray(tokens))
    throw new HerdrError("invalid_params", '"tokens" must be an object of name → string (or null to clear)');
  for (const [name, value] of Object.entries(tokens)) {
    if (value !== null && typeof value !== "string")
      throw new HerdrError("invalid_params", `token "${name}" must be a string or null`);
    words.push(`${name}=${value ?? ""}`);
  }
  const { pane } = await callerPane(params, ctx);
  await verb(() => sendMetadata(ctx.tmux, { pane: pane.id, ...report, title, display, tokens: words }));
  return { type: "ok" };
}

/** herdr's pane.clear_agent_authority: the hook that holds the pane's state gives it back to
 * the screen, the agent stays (taw's release-agent). With `source`, only when that source
 * holds it; a pane no hook holds is left as it is. */
export async function clearAgentAuthorityMethod(params: Params, ctx: MethodContext) {
  const { pane } = await callerPane(params, ctx);
  // Who holds it now, asked of tmux: a report just before this call may not be in the
  // engine's last read yet, and the hold it took would be left in place.
  const source = (
    await ctx.tmux.run(["display-message", "-p", "-t", target(pane.id), `#{${O.source}}`])
  ).replace(/\n$/, "");
  const holder = source.startsWith("hook:") ? source.slice("hook:".length) : undefined;
  const wanted = optionalString(params, "source");
  if (!holder || (wanted !== undefined && wanted !== holder)) return { type: "ok" };
  await verb(() => sendRelease(ctx.tmux, { pane: pane.id, ...sourceOf(params, holder) }));
  ctx.claims?.forget(pane.id, holder);
  return { type: "ok" };
}
