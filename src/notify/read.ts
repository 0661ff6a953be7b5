// What a due notification needs from tmux, read fresh in ONE tmux process: every pane's
// state and whether it is in front of the user, and the attached clients.

import type { Tmux } from "../tmux/client.ts";
import { isControlClient, SKIP_CONTROL_SESSION } from "../tmux/control-session.ts";
import { freeTextColumn } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import type { ClientNow, PaneNow } from "./types.ts";

const PANE_FORMAT = [
  "#{pane_id}",
  freeTextColumn(AGENT_OPTIONS.state),
  freeTextColumn(AGENT_OPTIONS.kind),
  freeTextColumn(AGENT_OPTIONS.name),
  freeTextColumn("session_name"),
  "#{window_index}",
  "#{&&:#{pane_active},#{&&:#{window_active},#{session_attached}}}",
  freeTextColumn(AGENT_OPTIONS.display),
  freeTextColumn(AGENT_OPTIONS.message),
  freeTextColumn(AGENT_OPTIONS.sessionId),
  freeTextColumn(AGENT_OPTIONS.sessionPath),
].join("\t");

const CLIENT_FORMAT = ["#{client_name}", "#{client_tty}", "#{client_termname}", "#{client_flags}"].join("\t");

export interface TmuxNow {
  panes: Map<string, PaneNow>;
  clients: ClientNow[];
}

export function parsePanes(output: string): Map<string, PaneNow> {
  const panes = new Map<string, PaneNow>();
  for (const line of output.split("\n")) {
    const [
      id,
      state = "",
      kind = "",
      name = "",
      session = "",
      windowIndex = "",
      front = "",
      display = "",
      message = "",
      conversationId = "",
      conversationPath = "",
    ] = line.split("\t");
    if (!id) continue;
    // A window linked into two sessions lists its panes twice: in front in either counts.
    const inFront = front === "1" || panes.get(id)?.inFront === true;
    const conversation = { id: conversationId, path: conversationPath };
    panes.set(id, { id, state, kind, name, display, message, session, windowIndex, inFront, conversation });
  }
  return panes;
}

export function parseClients(output: string): ClientNow[] {
  return output
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"))
    .filter(([, , , flags = ""]) => !isControlClient(flags))
    .map(([name = "", tty = "", termname = ""]) => ({ name, tty, termname }));
}

export async function readTmuxNow(tmux: Tmux): Promise<TmuxNow> {
  const [panes, clients] = await tmux.batch([
    ["list-panes", "-a", "-f", SKIP_CONTROL_SESSION, "-F", PANE_FORMAT],
    ["list-clients", "-F", CLIENT_FORMAT],
  ]);
  return { panes: parsePanes(panes?.output ?? ""), clients: parseClients(clients?.output ?? "") };
}
