// Agent reports (herdr's `pane report-agent` and friends) as ONE tmux invocation each,
// working with no engine running. The checks happen inside tmux, in the same invocation:
// a report whose seq is not above its source's last (kept as `<source>=<seq>` words in
// @agent_report_seq) changes nothing, an idle that ends a turn nobody watched is written
// as done, and a report from another agent takes the last one's session with it.

import { shellLine, shellQuote } from "../tmux/escape.ts";
import { AGENT_OPTIONS as O } from "../tmux/formats.ts";
import { set, setFormat, unset } from "./option-text.ts";
import { nudgeText } from "./probe.ts";

/** Options the reports write that the engine's listing does not read as columns. */
export const REPORT_OPTIONS = {
  resumeSource: "@agent_resume_source",
  resumeAgent: "@agent_resume_agent",
  resumeArgv: "@agent_resume_argv",
  claudeFlags: "@agent_claude_flags",
} as const;
const R = REPORT_OPTIONS;

/** What a pane's record holds about its agent: another agent's report takes all of it off. */
const AGENT_RECORD = [
  O.sessionId,
  O.sessionPath,
  O.sessionSource,
  O.message,
  O.reportedKind,
  R.resumeSource,
  R.resumeAgent,
  R.resumeArgv,
  R.claudeFlags,
];

/** A command as a line that can be typed back: each word bare when it is made of letters,
 * digits and `_ - . / : @ % +`, in single quotes otherwise. */
export type ReportedState = "working" | "blocked" | "idle" | "unknown";
export const REPORTED_STATES: readonly ReportedState[] = ["working", "blocked", "idle", "unknown"];

const SEQ_MODULUS = 2n ** 53n;

/** A seq written in decimal digits, as a number that keeps its order: past 2^53 a number
 * loses its last digits (tmux's format arithmetic, where seq is compared, too), and Crush's
 * seq starts at a UnixNano and counts up by one, so consecutive reports would compare equal
 * and all but the first be dropped. Such a seq is kept exact as its value modulo 2^53
 * (monotonic but for a wrap every ~104 days of nanoseconds). */
export function seqNumber(digits: string): number {
  const value = BigInt(digits);
  return Number(value > BigInt(Number.MAX_SAFE_INTEGER) ? value % SEQ_MODULUS : value);
}

/** A source as stored in @agent_report_seq: anything but letters, digits, `_` and `-` as %XX. */
export function encodeSource(source: string): string {
  return [...new TextEncoder().encode(source)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9_-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

const SEQ = O.reportSeq;
/** The regex escape of an encoded source: only `%` needs none, but `-` and digits are literal. */
const seqOf = (source: string) => `#{s/^(.* )?${source}=([0-9]+)( .*)?$/\\2/:${SEQ}}`;

/** Format: 1 when a report of `seq` from `source` is newer than the last one kept (or none is kept). */
export function newerThanLast(source: string, seq: number | undefined): string {
  if (seq === undefined) return "1";
  // tmux 3.3 has no `#{!:…}`: the `?` conditional negates.
  return `#{||:#{?#{m/r:(^| )${source}=,#{${SEQ}}},0,1},#{e|>:${seq},${seqOf(source)}}}`;
}

/** set-option -F words that keep `source=seq` as the source's last, dropping its earlier one. */
function keepSeq(pane: string, source: string, seq: number): string {
  return setFormat(pane, SEQ, `#{s/(^| )${source}=[0-9]+//:${SEQ}} ${source}=${seq}`);
}

export interface ReportBase {
  paneId: string;
  source: string;
  seq?: number;
  /** A fresh stamp for @agent_report_stamp: the engine's writes are guarded by it. */
  stamp: string;
  now: number;
}

/** What a report of the agent's session carries, with state or without. */
export interface SessionFields {
  agent: string;
  sessionId?: string;
  sessionPath?: string;
  /** The command that resumes the session, as argv words. */
  resume?: string[];
  /** Claude's flags read from its argv: a list, [] when it had none, undefined when unread. */
  claudeFlags?: string[];
}

export interface AgentReport extends ReportBase, SessionFields {
  state: ReportedState;
  message?: string;
  /** @agent_turn for a report of work: moved by each one (nanoseconds since the epoch). */
  turn?: string;
}

/** The session, resume command and Claude's flags a report writes. */
function sessionBody(pane: string, report: ReportBase & SessionFields): string[] {
  const body: string[] = [];
  if (report.sessionId !== undefined)
    body.push(set(pane, O.sessionId, report.sessionId), set(pane, O.sessionSource, report.source));
  if (report.sessionPath !== undefined) body.push(set(pane, O.sessionPath, report.sessionPath));
  if (report.resume?.length)
    body.push(
      set(pane, R.resumeSource, report.source),
      set(pane, R.resumeAgent, report.agent),
      set(pane, R.resumeArgv, shellLine(report.resume)),
    );
  if (report.claudeFlags)
    body.push(
      report.claudeFlags.length
        ? set(pane, R.claudeFlags, JSON.stringify(report.claudeFlags))
        : unset(pane, R.claudeFlags),
    );
  return body;
}

/** A turn stamp no other report of the pane holds: the clock in ns, its last digits random. */
export const newTurn = (now: number) =>
  `${now}${Math.floor(Math.random() * 1e6)
    .toString()
    .padStart(6, "0")}`;

/** Commands for one batch: the report, then the stamp read back to tell whether it was taken. */
function guarded(
  base: ReportBase,
  agent: string | undefined,
  body: string[],
  extraCondition = "1",
): string[][] {
  const pane = shellQuote(base.paneId);
  const source = encodeSource(base.source);
  const fresh = `#{&&:${newerThanLast(source, base.seq)},${extraCondition}}`;
  const commands: string[][] = [];
  if (agent !== undefined) {
    // Another agent's session, name-less word and message were about that agent.
    const other = `#{&&:${fresh},#{&&:#{${O.kind}},#{!=:#{${O.kind}},${agent}}}}`;
    commands.push([
      "if-shell",
      "-F",
      "-t",
      base.paneId,
      other,
      AGENT_RECORD.map((option) => unset(pane, option)).join(" ; "),
    ]);
  }
  // The nudge tells a resting engine that a report arrived (probe.ts).
  const all = [...body, set(pane, O.reportStamp, base.stamp), nudgeText(base.stamp)];
  if (base.seq !== undefined) all.push(keepSeq(pane, source, base.seq));
  commands.push(["if-shell", "-F", "-t", base.paneId, fresh, all.join(" ; ")]);
  // A missing pane is no error to if-shell: its id read back blank says it.
  commands.push(["display-message", "-p", "-t", base.paneId, `#{pane_id} #{${O.reportStamp}}`]);
  return commands;
}

/** The pane is in front of someone: its window is active in an attached session. */
const VISIBLE = "#{&&:#{window_active},#{session_attached}}";

export function reportAgentCommands(report: AgentReport): string[][] {
  const pane = shellQuote(report.paneId);
  const to = report.state;
  // herdr's mapping: an idle that ends a turn is a completion (done unless watched); an idle
  // over a done nobody has seen leaves it done.
  const inTurn = `#{||:#{==:#{${O.state}},working},#{==:#{${O.state}},blocked}}`;
  const state =
    to === "idle" ? `#{?${inTurn},#{?${VISIBLE},idle,done},#{?#{==:#{${O.state}},done},done,idle}}` : to;
  const body = [
    setFormat(
      pane,
      O.stateSince,
      `#{?#{==:#{${O.state}},${to}},#{${O.stateSince}},${Math.floor(report.now / 1000)}}`,
    ),
    setFormat(pane, O.state, state),
    set(pane, O.kind, report.agent),
    set(pane, O.source, `hook:${report.source}`),
    unset(pane, O.rule),
  ];
  if (to === "working" || to === "blocked") {
    body.push(set(pane, O.seen, "0"), unset(pane, O.acquiring));
    body.push(set(pane, O.turn, report.turn ?? newTurn(report.now)));
  }
  // A message describes the state it came with: a report of another state without one ends
  // it (read before the state is written, like the time above).
  body.unshift(
    report.message !== undefined
      ? set(pane, O.message, report.message)
      : setFormat(pane, O.message, `#{?#{==:#{${O.state}},${to}},#{${O.message}},}`),
  );
  body.push(...sessionBody(pane, report));
  return guarded(report, report.agent, body);
}

export interface SessionReport extends ReportBase, SessionFields {}

/** The kind, the agent's word that it is there (@agent_reported_kind) and the session. */
export function reportSessionCommands(report: SessionReport): string[][] {
  const pane = shellQuote(report.paneId);
  const body = [set(pane, O.kind, report.agent), set(pane, O.reportedKind, report.agent)];
  body.push(...sessionBody(pane, report));
  return guarded(report, report.agent, body);
}

/** Give the pane back to the screen: only the source that owns it can. */
export function releaseCommands(report: ReportBase): string[][] {
  const pane = shellQuote(report.paneId);
  const owns = `#{==:#{${O.source}},hook:${report.source.replace(/[#,{}]/g, "_")}}`;
  return guarded(report, undefined, [set(pane, O.source, "manifest"), unset(pane, O.message)], owns);
}

export interface MetadataReport extends ReportBase {
  title?: string;
  display?: string;
  tokens: string[];
}

export function reportMetadataCommands(report: MetadataReport): string[][] {
  const pane = shellQuote(report.paneId);
  const body: string[] = [];
  if (report.title !== undefined)
    body.push(report.title === "" ? unset(pane, O.title) : set(pane, O.title, report.title));
  if (report.display !== undefined)
    body.push(report.display === "" ? unset(pane, O.display) : set(pane, O.display, report.display));
  if (report.tokens.length) body.push(set(pane, O.tokens, report.tokens.join(" ")));
  return guarded(report, undefined, body);
}

/** A stamp no earlier report of this pane holds: milliseconds and a random tail. */
export const newStamp = (now: number) => `${now}-${Math.random().toString(36).slice(2, 8)}`;
