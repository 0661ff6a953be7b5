// Other hosts' agent records and host states for the dashboard's tests, shaped as a far end's
// `agent.watch` sends them.

import { NOW } from "./fixtures.ts";
import type { HostView, RemoteRecord } from "./remote-rows.ts";

/** A far end's agent record, as `agent.watch` sends it. */
export function record(
  tmuxId: string,
  agent: NonNullable<RemoteRecord["agent"]>,
  session = "dev",
  sessionNumber = 1,
): RemoteRecord {
  const n = tmuxId.slice(1);
  return {
    pane_id: `w${sessionNumber}:p${n}`,
    tmux_id: tmuxId,
    tab_id: `w${sessionNumber}:t${sessionNumber + 1}`,
    workspace_id: `w${sessionNumber}`,
    session,
    window_index: 0,
    pane_index: 0,
    cwd: "/srv/api",
    terminal_title: null,
    host: "local",
    agent,
  };
}

export const host = (name: string, agents: RemoteRecord[], over: Partial<HostView> = {}): HostView => ({
  name,
  state: "ok",
  since: 0,
  reason: "",
  agents,
  current: true,
  readAt: NOW * 1000,
  ...over,
});
