// The report methods, through the `taw pane report-agent`, `report-agent-session` and
// `release-agent` verbs: the same tmux writes, the same `seq` per source. Only for the
// caller's own pane (caller.ts): `pane_id` may be left out, and naming another is refused.
// A state report records its reporters (claims.ts), so a reporter that dies releases.

import { releaseAgent, reportAgent, reportAgentSession, reportMetadata } from "../../cli/report.ts";
import { target } from "../../tmux/escape.ts";
import { AGENT_OPTIONS as O } from "../../tmux/formats.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import { ancestors, paneOfChain } from "../caller.ts";
import { reportersOf } from "../claims.ts";
import { optionalCount, optionalString, paneIdParam, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { type MethodContext, runVerb } from "../verb.ts";

type Params = Record<string, unknown>;

/** `--name=value` for each param given (inline, so a value that starts with `-` stays a value). */
function flags(params: Params, names: Record<string, string>, required: string[]): string[] {
  const argv: string[] = [];
  for (const [param, flag] of Object.entries(names)) {
    const value = required.includes(param) ? requiredString(params, param) : optionalString(params, param);
    if (value !== undefined) argv.push(`--${flag}=${value}`);
  }
  const seq = optionalCount(params, "seq");
  if (seq !== undefined) argv.push(`--seq=${seq}`);
  return argv;
}

const COMMON = { source: "source", agent: "agent" };
const SESSION = { agent_session_id: "agent-session-id", agent_session_path: "agent-session-path" };

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
  const argv = flags(params, { ...COMMON, state: "state", message: "message", ...SESSION }, [
    "source",
    "agent",
    "state",
  ]);
  const { pane, chain } = await callerPane(params, ctx);
  await runVerb(reportAgent, [`--pane=${pane.id}`, ...argv], ctx);
  const { source, agent } = params as { source: string; agent: string };
  ctx.claims?.record({ paneId: pane.id, source, agent, pids: reportersOf(chain, pane.pid), at: Date.now() });
  return { type: "ok" };
}

export async function reportAgentSessionMethod(params: Params, ctx: MethodContext) {
  const argv = flags(params, { ...COMMON, ...SESSION }, ["source", "agent"]);
  const { pane } = await callerPane(params, ctx);
  await runVerb(reportAgentSession, [`--pane=${pane.id}`, ...argv], ctx);
  return { type: "ok" };
}

export async function releaseAgentMethod(params: Params, ctx: MethodContext) {
  const argv = flags(params, COMMON, ["source", "agent"]);
  const { pane } = await callerPane(params, ctx);
  await runVerb(releaseAgent, [`--pane=${pane.id}`, ...argv], ctx);
  ctx.claims?.forget(pane.id, params.source as string);
  return { type: "ok" };
}

/** herdr's metadata patch: `title`/`display_agent` set (clear_* or "" clears), `tokens` name → value
 * (null clears it, written empty). State labels and applies_to_source have no tmux home. */
export async function reportMetadataMethod(params: Params, ctx: MethodContext) {
  const argv = flags(params, { source: "source" }, ["source"]);
  if (params.clear_title === true) argv.push("--title=");
  else if (optionalString(params, "title") !== undefined) argv.push(`--title=${params.title}`);
  if (params.clear_display_agent === true) argv.push("--display-agent=");
  else if (optionalString(params, "display_agent") !== undefined)
    argv.push(`--display-agent=${params.display_agent}`);
  const tokens = params.tokens ?? {};
  if (typeof tokens !== "object" || tokens === null || Array.isArray(tokens))
    throw new HerdrError("invalid_params", '"tokens" must be an object of name → string (or null to clear)');
  for (const [name, value] of Object.entries(tokens)) {
    if (value !== null && typeof value !== "string")
      throw new HerdrError("invalid_params", `token "${name}" must be a string or null`);
    argv.push(`--token=${name}=${value ?? ""}`);
  }
  const { pane } = await callerPane(params, ctx);
  await runVerb(reportMetadata, [`--pane=${pane.id}`, ...argv], ctx);
  return { type: "ok" };
}

/** herdr's pane.clear_agent_authority: the hook that holds the pane's state gives it back to
 * the screen, the agent stays (taw's release-agent). With `source`, only when that source
 * holds it; a pane no hook holds is left as it is. */
export async function clearAgentAuthorityMethod(params: Params, ctx: MethodContext) {
  const { pane } = await callerPane(params, ctx);
  // Who holds it now, asked of tmux: a report just before this call may not be in the
  // engine's last read yet, and the hold it took would be left in place.
  const [source = "", kind = ""] = (
    await ctx.tmux.run(["display-message", "-p", "-t", target(pane.id), `#{${O.source}}\t#{${O.kind}}`])
  )
    .replace(/\n$/, "")
    .split("\t");
  const holder = source.startsWith("hook:") ? source.slice("hook:".length) : undefined;
  const wanted = optionalString(params, "source");
  if (!holder || (wanted !== undefined && wanted !== holder)) return { type: "ok" };
  const argv = [`--pane=${pane.id}`, `--source=${holder}`, `--agent=${kind || "unknown"}`];
  const seq = optionalCount(params, "seq");
  if (seq !== undefined) argv.push(`--seq=${seq}`);
  await runVerb(releaseAgent, argv, ctx);
  ctx.claims?.forget(pane.id, holder);
  return { type: "ok" };
}
