// The report methods, through the `taw pane report-agent`, `report-agent-session` and
// `release-agent` verbs: the same tmux writes, the same `seq` per source.

import { releaseAgent, reportAgent, reportAgentSession } from "../../cli/report.ts";
import { optionalCount, optionalString, paneIdParam, requiredString } from "../params.ts";
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

const paneFlag = (params: Params) => `--pane=${paneIdParam(params)}`;

export async function reportAgentMethod(params: Params, ctx: MethodContext) {
  const argv = flags(params, { ...COMMON, state: "state", message: "message", ...SESSION }, [
    "source",
    "agent",
    "state",
  ]);
  await runVerb(reportAgent, [paneFlag(params), ...argv], ctx);
  return { type: "ok" };
}

export async function reportAgentSessionMethod(params: Params, ctx: MethodContext) {
  const argv = flags(params, { ...COMMON, ...SESSION }, ["source", "agent"]);
  await runVerb(reportAgentSession, [paneFlag(params), ...argv], ctx);
  return { type: "ok" };
}

export async function releaseAgentMethod(params: Params, ctx: MethodContext) {
  const argv = flags(params, COMMON, ["source", "agent"]);
  await runVerb(releaseAgent, [paneFlag(params), ...argv], ctx);
  return { type: "ok" };
}
