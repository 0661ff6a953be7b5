// The one report path every integration takes: the words of a `taw pane report-agent…` call,
// as a shell line for the agents that run a command from their settings, and as an argv for
// the plugins that spawn taw themselves. Every line carries MARKER, which is how install
// and uninstall tell taw's entries from the user's own.

import { shellLine } from "../tmux/escape.ts";
import type { ReportedState } from "../watch/report.ts";

export const MARKER = "taw-integration";

export type HookVerb = "report-agent" | "report-agent-session" | "release-agent";

export interface HookCall {
  verb: HookVerb;
  agent: string;
  /** The report's source, when it is not the agent's own name (a second reporter in the same
   * agent: each source keeps its own report numbers). */
  source?: string;
  state?: ReportedState;
  /** The command that resumes the session; `{session_id}` / `{session_path}` are filled in. */
  resume?: string[];
}

/** The argv after `taw`: `pane <verb> --source <agent> --agent <agent> … --quiet`. */
export function reportArgs(call: HookCall, extra: string[] = []): string[] {
  const args = ["pane", call.verb, "--source", call.source ?? call.agent, "--agent", call.agent];
  if (call.state) args.push("--state", call.state);
  args.push(...extra, "--quiet");
  if (call.resume) args.push("--", ...call.resume);
  return args;
}

/** The shell line an agent's settings run: a no-op outside tmux, silent, never failing, with
 * the hook's JSON input on stdin (--hook-input) for the verbs that report a session. */
export function hookLine(taw: string, call: HookCall): string {
  const input = call.verb === "release-agent" ? [] : ["--hook-input"];
  const line = shellLine([taw, ...reportArgs(call, input)]);
  return `[ -z "$TMUX_PANE" ] || ${line} >/dev/null 2>&1 || true # ${MARKER}`;
}

export const isOurs = (command: unknown) => typeof command === "string" && command.includes(MARKER);
