// The report verbs (`taw pane report-agent|report-agent-session|release-agent|report-metadata`,
// herdr's pane.report_agent and friends): one pane resolved exactly, the report checked, and
// sent as one tmux invocation (report.ts), with no engine needed.

import { EXIT, TawError, usageError } from "../errors.ts";
import { claudeFlagsAbove } from "../integration/claude-flags.ts";
import type { Tmux } from "../tmux/client.ts";
import { parseId } from "../tmux/ids.ts";
import {
  newStamp,
  REPORTED_STATES,
  type ReportBase,
  type ReportedState,
  releaseCommands,
  reportAgentCommands,
  reportMetadataCommands,
  reportSessionCommands,
  type SessionFields,
  seqNumber,
} from "./report.ts";

export interface ReportFor {
  /** The pane reported for, as named: a pane id, or a name resolved exactly. */
  pane: string;
  /** The caller's own pane when it runs in one: a report from there speaks only for it. */
  own?: string;
  /** Who reports (an integration's id). */
  source: string;
  /** The report's number as digits: a UnixNano seq would lose its last ones as a number. */
  seq?: string;
}

export interface ReportResult {
  pane_id: string;
  applied: boolean;
}

export interface AgentStateReport extends ReportFor, SessionFields {
  state: string;
  message?: string;
  /** A subagent's turn is no turn of the pane's agent: nothing is written. */
  subagent?: boolean;
}

export interface MetadataInput extends ReportFor {
  title?: string;
  display?: string;
  /** key=value words. */
  tokens: string[];
}

async function paneOf(tmux: Tmux, text: string, own?: string): Promise<string> {
  const pane = await resolved(tmux, text);
  if (own && pane !== own)
    throw new TawError(
      "forbidden",
      `a report from inside pane ${own} is only for that pane, not ${text}; drop --pane, or report from outside tmux (no $TMUX_PANE) naming the pane`,
      EXIT.failure,
    );
  return pane;
}

async function resolved(tmux: Tmux, text: string): Promise<string> {
  const parsed = parseId(text);
  if (parsed?.kind === "pane") return parsed.raw;
  // A name, not an id: hooks never pass one, so the listing code loads only here.
  const { resolvePane } = await import("../tmux/server.ts");
  return resolvePane(tmux, text);
}

async function base(tmux: Tmux, input: ReportFor): Promise<ReportBase> {
  const digits = input.seq;
  if (digits !== undefined && !/^\d+$/.test(digits))
    throw usageError("--seq needs a whole number, 0 or more");
  const now = Date.now();
  return {
    paneId: await paneOf(tmux, input.pane, input.own),
    source: input.source,
    seq: digits === undefined ? undefined : seqNumber(digits),
    stamp: newStamp(now),
    now,
  };
}

async function send(tmux: Tmux, report: ReportBase, commands: string[][]): Promise<ReportResult> {
  const results = await tmux.batch(commands);
  const failed = results.find((result) => !result.ok);
  const [paneId, stamp] = (results.at(-1)?.output ?? "").trim().split(" ");
  if (failed || paneId !== report.paneId)
    throw new TawError(
      "pane_not_found",
      `no pane '${report.paneId}' on this tmux server: ${failed?.error ?? "it has closed"}`.trim(),
      3,
    );
  return { pane_id: report.paneId, applied: stamp === report.stamp };
}

const sessionOf = ({ agent, sessionId, sessionPath, resume }: SessionFields) => ({
  agent,
  sessionId,
  sessionPath,
  resume,
});

export async function sendAgentReport(tmux: Tmux, input: AgentStateReport): Promise<ReportResult> {
  const { state } = input;
  if (!(REPORTED_STATES as readonly string[]).includes(state)) {
    throw usageError(`--state '${state}' is not one of ${REPORTED_STATES.join(", ")}`);
  }
  const report = {
    ...(await base(tmux, input)),
    ...sessionOf(input),
    state: state as ReportedState,
    message: input.message,
  };
  if (input.subagent) return { pane_id: report.paneId, applied: false };
  return send(tmux, report, reportAgentCommands(report));
}

export async function sendSessionReport(tmux: Tmux, input: ReportFor & SessionFields): Promise<ReportResult> {
  const session = sessionOf(input);
  const report = {
    ...(await base(tmux, input)),
    ...session,
    // Claude's flags come from the Claude the hook runs under, for a resume to type back.
    claudeFlags: session.agent === "claude" ? claudeFlagsAbove() : undefined,
  };
  return send(tmux, report, reportSessionCommands(report));
}

/** The pane's state goes back to the screen. */
export async function sendRelease(tmux: Tmux, input: ReportFor): Promise<ReportResult> {
  const report = await base(tmux, input);
  return send(tmux, report, releaseCommands(report));
}

export async function sendMetadata(tmux: Tmux, input: MetadataInput): Promise<ReportResult> {
  const bad = input.tokens.find((token) => !/^[A-Za-z0-9_.-]+=\S*$/.test(token));
  if (bad) throw usageError(`--token '${bad}' is not key=value (no spaces)`);
  const report = {
    ...(await base(tmux, input)),
    title: input.title,
    display: input.display,
    tokens: input.tokens,
  };
  return send(tmux, report, reportMetadataCommands(report));
}
