// Other hosts' agent records and host states for the dashboard's tests, shaped as a far end's
// `agent.watch` sends them.

import type { HostState } from "../hosts/connection.ts";
import { NOW } from "./fixtures.ts";
import type { HostLink } from "./hosts-feed.ts";
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

/** A connection that says what the test tells it to, and records what it was asked. */
export class FakeLink implements HostLink {
  state: HostState = { state: "connecting" };
  asked: { method: string; params: Record<string, unknown> }[] = [];
  answer: (method: string) => Promise<unknown> = async () => ({ agents: [] });
  closed = false;
  private events = new Set<(event: Record<string, unknown>) => void>();
  private states = new Set<(state: HostState) => void>();
  constructor(readonly name: string) {}
  async connect() {}
  request(method: string, params: Record<string, unknown>) {
    this.asked.push({ method, params });
    return this.answer(method);
  }
  onEvent(listener: (event: Record<string, unknown>) => void) {
    this.events.add(listener);
    return () => this.events.delete(listener);
  }
  onState(listener: (state: HostState) => void) {
    this.states.add(listener);
    return () => this.states.delete(listener);
  }
  close() {
    this.closed = true;
  }
  become(state: HostState) {
    this.state = state;
    for (const listener of this.states) listener(state);
  }
  emit(event: Record<string, unknown>) {
    for (const listener of this.events) listener(event);
  }
}
