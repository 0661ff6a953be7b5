// Which `[hooks]` events an engine transition fires, and what a hook is told about it:
// TAW_* environment variables and the event as JSON on stdin.

import type { HookEvent } from "../config/types.ts";
import { STATUS_CHANGED, type TransitionEvent } from "../notify/types.ts";

const STATE_EVENTS: Record<string, HookEvent> = {
  blocked: "agent.blocked",
  done: "agent.done",
  working: "agent.working",
  idle: "agent.idle",
};

export function hookEventsFor(event: TransitionEvent): HookEvent[] {
  if (event.kind === "pane.closed") return ["pane.closed"];
  if (event.kind === "pane.created") return ["pane.created"];
  // Named after themselves: the samples `taw hooks test` sends for events no transition is.
  if (event.kind === "notification" || event.kind === "workspace.created" || event.kind === "tab.created")
    return [event.kind];
  if (event.kind === "pane.sandbox_ended") return ["sandbox.stopped", "sandbox.ended"];
  if (event.kind === "pane.agent_detected")
    return event.sandbox ? ["agent.started", "sandbox.started"] : ["agent.started"];
  if (event.kind !== STATUS_CHANGED) return [];
  if (event.to === null) return ["agent.gone"];
  const named = STATE_EVENTS[event.to];
  return named ? [named] : [];
}

/** The JSON a hook reads on stdin. */
export function hookPayload(name: HookEvent, event: TransitionEvent): string {
  return JSON.stringify({ event: name, ...event });
}

export function hookEnv(name: HookEvent, event: TransitionEvent): Record<string, string> {
  return {
    TAW_EVENT: name,
    TAW_PANE_ID: event.pane,
    TAW_TMUX_PANE: event.tmux_id,
    TAW_AGENT_KIND: event.agent ?? "",
    TAW_AGENT_STATE: event.to ?? "",
    TAW_PREVIOUS_STATE: event.from ?? "",
    TAW_RULE: event.rule ?? "",
    TAW_AT: String(event.at),
    TAW_SANDBOX: event.sandbox?.profile ?? "",
  };
}
