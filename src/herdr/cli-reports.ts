// herdr's report verbs as herdr's CLI runs them (`pane report-agent <pane_id> --source …`,
// `report-agent-session`, `release-agent`, `report-metadata`): herdr's argv read as herdr reads
// it (the pane id first, every flag known, a wrong or missing one is a usage line, exit 2), then
// taw's report written straight to tmux (src/watch/send-report.ts: no engine needed, as hooks
// want). Like herdr: nothing printed on success; a refusal is herdr's error line on stderr,
// exit 1. taw's own `taw pane report-agent` keeps its words and its --quiet.

import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import {
  type ReportFor,
  sendAgentReport,
  sendMetadata,
  sendRelease,
  sendSessionReport,
} from "../watch/send-report.ts";
import { type Env, Usage } from "./cli-args.ts";
import { herdrError } from "./verb.ts";

type Flags = Map<string, string[]>;
type Send = (tmux: Tmux) => Promise<unknown>;

interface ReportForm {
  usage: string;
  valued: string[];
  switches?: string[];
  send(pane: string, flags: Flags, env: Env): Send;
}

const last = (flags: Flags, name: string) => flags.get(name)?.at(-1);

/** A flag herdr requires; herdr takes a blank --source as missing. */
function required(flags: Flags, name: string): string {
  const value = last(flags, name);
  if (value === undefined || (name === "source" && !value.trim()))
    throw new Usage(`missing required --${name}`);
  return name === "source" ? value.trim() : value;
}

/** `--seq` as herdr parses it: a whole number (u64), kept as digits. */
function seqOf(flags: Flags): string | undefined {
  const seq = last(flags, "seq");
  if (seq !== undefined && !/^\d+$/.test(seq)) throw new Usage(`invalid value for --seq: ${seq}`);
  return seq;
}

/** What every report names: its pane, the caller's own ($TMUX_PANE: a hook speaks only for
 * its own pane), its source and seq. */
const reportFor = (pane: string, flags: Flags, env: Env): ReportFor => ({
  pane,
  own: env.TMUX_PANE,
  source: required(flags, "source"),
  seq: seqOf(flags),
});

const session = (flags: Flags) => ({
  sessionId: last(flags, "agent-session-id"),
  sessionPath: last(flags, "agent-session-path"),
});

const STATES = ["idle", "working", "blocked", "unknown"];

/** report-metadata's --token NAME=VALUE and --clear-token NAME, as taw's key=value words. */
function tokensOf(flags: Flags): string[] {
  const set = (flags.get("token") ?? []).map((token) => {
    const at = token.indexOf("=");
    if (at < 0) throw new Usage("token must use NAME=VALUE");
    if (at === 0) throw new Usage("token name must not be empty");
    return token;
  });
  return [...set, ...(flags.get("clear-token") ?? []).map((name) => `${name}=`)];
}

const METADATA_FIELDS = ["title", "display-agent", "state-label", "token", "clear-token"];

export const REPORT_FORMS: Record<string, ReportForm> = {
  "pane report-agent": {
    usage:
      "pane report-agent <pane_id> --source ID --agent LABEL --state idle|working|blocked|unknown [--message TEXT] [--seq N] [--agent-session-id ID] [--agent-session-path PATH]",
    valued: ["source", "agent", "state", "message", "seq", "agent-session-id", "agent-session-path"],
    send(pane, flags, env) {
      const report = reportFor(pane, flags, env);
      const agent = required(flags, "agent");
      const state = required(flags, "state");
      if (!STATES.includes(state)) throw new Usage(`invalid agent state: ${state}`);
      const message = last(flags, "message");
      return (tmux) => sendAgentReport(tmux, { ...report, agent, ...session(flags), state, message });
    },
  },
  "pane report-agent-session": {
    usage:
      "pane report-agent-session <pane_id> --source ID --agent LABEL [--seq N] [--agent-session-id ID] [--agent-session-path PATH] [--session-start-source SOURCE]",
    // --session-start-source (startup, resume …) has no tmux home: taken and left out.
    valued: ["source", "agent", "seq", "agent-session-id", "agent-session-path", "session-start-source"],
    send(pane, flags, env) {
      const report = reportFor(pane, flags, env);
      const agent = required(flags, "agent");
      return (tmux) => sendSessionReport(tmux, { ...report, agent, ...session(flags) });
    },
  },
  "pane release-agent": {
    usage: "pane release-agent <pane_id> --source ID --agent LABEL [--seq N]",
    valued: ["source", "agent", "seq"],
    send(pane, flags, env) {
      const report = reportFor(pane, flags, env);
      required(flags, "agent");
      return (tmux) => sendRelease(tmux, report);
    },
  },
  "pane report-metadata": {
    usage:
      "pane report-metadata <pane_id> --source ID [--agent LABEL] [--applies-to-source ID] [--title TEXT|--clear-title] [--display-agent TEXT|--clear-display-agent] [--state-label STATUS=TEXT] [--clear-state-labels] [--token NAME=VALUE] [--clear-token NAME] [--seq N] [--ttl-ms N]",
    // State labels, --applies-to-source and --ttl-ms have no tmux home: checked, then left out.
    valued: ["source", "agent", "applies-to-source", ...METADATA_FIELDS, "seq", "ttl-ms"],
    switches: ["clear-title", "clear-display-agent", "clear-state-labels"],
    send(pane, flags, env) {
      const report = reportFor(pane, flags, env);
      if (last(flags, "applies-to-source")?.trim() === "")
        throw new Usage("missing value for --applies-to-source");
      const ttl = last(flags, "ttl-ms");
      if (ttl !== undefined && !/^\d+$/.test(ttl)) throw new Usage(`invalid value for --ttl-ms: ${ttl}`);
      for (const label of flags.get("state-label") ?? []) {
        const status = label.split("=")[0]?.trim().toLowerCase() ?? "";
        if (!label.includes("=")) throw new Usage("expected --state-label STATUS=TEXT");
        if (![...STATES, "done"].includes(status)) throw new Usage(`unknown state label: ${status}`);
      }
      const cleared = (name: string) => flags.has(`clear-${name}`);
      if (
        (flags.has("title") && cleared("title")) ||
        (flags.has("display-agent") && cleared("display-agent")) ||
        (flags.has("state-label") && cleared("state-labels"))
      )
        throw new Usage("cannot set and clear the same metadata field");
      if (!METADATA_FIELDS.some((name) => flags.has(name) || cleared(name)) && !cleared("state-labels"))
        throw new Usage("missing metadata field to set or clear");
      const title = cleared("title") ? "" : last(flags, "title");
      const display = cleared("display-agent") ? "" : last(flags, "display-agent");
      const tokens = tokensOf(flags);
      return (tmux) => sendMetadata(tmux, { ...report, title, display, tokens });
    },
  },
};

/** herdr's argv after the command's words, read as herdr reads it: the pane id first (taw's
 * `--pane ID` taken too), `--flag value` or `--flag=value`, anything else a usage mistake. */
export function reportRequest(command: string, args: string[], env: Env): { pane: string; send: Send } {
  const form = REPORT_FORMS[command] as ReportForm;
  const flags: Flags = new Map();
  let pane: string | undefined;
  let i = 0;
  if (args[0] !== undefined && !args[0].startsWith("--")) pane = args[i++];
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") ? arg.slice(2, eq < 0 ? undefined : eq) : "";
    if (form.switches?.includes(name) && eq < 0) {
      flags.set(name, []);
      continue;
    }
    if (!form.valued.includes(name) && name !== "pane") throw new Usage(`unknown option: ${arg}`);
    const value = eq < 0 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new Usage(`missing value for --${name}`);
    if (name === "pane") pane = value;
    else flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  if (!pane) throw new Usage(`usage: herdr ${form.usage}`);
  return { pane, send: form.send(pane, flags, env) };
}

/** herdr's error line for a report taw refused (`pane_not_found` naming the caller's id, …);
 * undefined for a usage mistake, which is a plain line and exit 2. */
export function reportFailure(error: unknown, pane: string): string | undefined {
  if (error instanceof TawError && error.exitCode === 2) return undefined;
  const { code, message } =
    error instanceof TawError
      ? herdrError(error, { kind: "pane", id: pane })
      : { code: "internal", message: (error as Error).message };
  return JSON.stringify({ id: "cli:request", error: { code, message } });
}
