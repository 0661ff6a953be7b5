// What an invoked plugin command is told of where it runs (HERDR_PLUGIN_CONTEXT_JSON, in
// herdr's field names): the focused pane's workspace, tab, folder and agent, read fresh from
// tmux, and the caller's own pane (taw's addition), checked live on this server, else null.

import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { publicPaneId, publicSessionId, publicWindowId } from "../tmux/ids.ts";

export interface InvocationContext {
  workspace_id?: string;
  workspace_label?: string;
  workspace_cwd?: string;
  tab_id?: string;
  tab_label?: string;
  focused_pane_id?: string;
  focused_pane_cwd?: string;
  focused_pane_agent?: string;
  focused_pane_status?: string;
  invocation_source: string;
  /** The pane the command was invoked from, when it is a pane of this server; else null. */
  caller_pane_id: string | null;
}

const FIELDS = [
  "#{session_id}",
  "#{session_name}",
  "#{session_path}",
  "#{window_id}",
  "#{window_name}",
  "#{pane_id}",
  "#{pane_current_path}",
  `#{${AGENT_OPTIONS.kind}}`,
  `#{${AGENT_OPTIONS.state}}`,
  `#{${AGENT_OPTIONS.seen}}`,
].join("\u001f");

/** herdr's effective status: a finished turn someone has seen is idle. */
const statusOf = (state: string, seen: string) => (state === "done" && seen === "1" ? "idle" : state);

/** The context of pane `focused` (a tmux pane id), if any, invoked by `source` from `caller`. */
export async function invocationContext(
  tmux: Tmux,
  focused: string | undefined,
  caller: string | undefined,
  source: string,
): Promise<InvocationContext> {
  const base: InvocationContext = { invocation_source: source, caller_pane_id: null };
  const read = async (pane: string) => {
    const answer = await tmux.tryRun(["display-message", "-p", "-t", target(pane), FIELDS]);
    const fields = (answer.stdout ?? "").replace(/\n$/, "").split("\u001f");
    return fields[5] === pane ? fields : undefined;
  };
  const callerFields = caller ? await read(caller) : undefined;
  if (callerFields) base.caller_pane_id = publicPaneId(callerFields[0] ?? "", caller ?? "");
  const pane = focused ?? (callerFields ? caller : undefined);
  const fields = pane === caller ? callerFields : pane ? await read(pane) : undefined;
  if (!fields) return base;
  const [
    session = "",
    sessionName,
    sessionPath,
    window = "",
    windowName,
    paneId = "",
    cwd,
    kind,
    state,
    seen,
  ] = fields;
  return {
    ...base,
    workspace_id: publicSessionId(session),
    workspace_label: sessionName,
    workspace_cwd: sessionPath,
    tab_id: publicWindowId(session, window),
    tab_label: windowName,
    focused_pane_id: publicPaneId(session, paneId),
    focused_pane_cwd: cwd,
    ...(kind ? { focused_pane_agent: kind, focused_pane_status: statusOf(state ?? "", seen ?? "") } : {}),
  };
}
