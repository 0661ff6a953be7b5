// What the notifier and the hook runner are told, and what they read back from tmux.
// The event shape is the engine's (src/watch/events.ts EngineEvent), restated structurally
// here so this layer does not import the engine that calls it.

export interface TransitionEvent {
  kind: string;
  /** Public pane id (w3:p31). */
  pane: string;
  /** tmux's pane id (%31). */
  tmux_id: string;
  agent: string | null;
  from: string | null;
  to: string | null;
  rule: string | null;
  /** Milliseconds since the epoch. */
  at: number;
  /** The sandbox the pane's agent runs in, or (pane.sandbox_ended) the one that ended. */
  sandbox?: { profile: string; runtime: string | null };
}

/** The engine's event for a state change. */
export const STATUS_CHANGED = "pane.agent_status_changed";

/** A pane as the notifier reads it when a notification is due. */
export interface PaneNow {
  id: string;
  state: string;
  kind: string;
  name: string;
  /** The agent's display name (@agent_display), what the dashboard's row says. */
  display: string;
  /** What its hook said with its last report (@agent_message). */
  message: string;
  session: string;
  windowIndex: string;
  /** Active pane of the active window of a session with a client attached. */
  inFront: boolean;
  /** The host it is on, when not this server (src/hosts/follow.ts). */
  host?: string;
  /** The agent's session as reported (@agent_session_id, @agent_session_path). */
  conversation: { id: string; path: string };
}

/** An attached tmux client. */
export interface ClientNow {
  name: string;
  tty: string;
  termname: string;
}

/** One pane's part of a notification. */
export interface NoticeItem {
  pane: PaneNow;
  /** `blocked` (needs you) or `done` (finished). */
  state: "blocked" | "done";
  /** What a blocked agent asks, in words: its report's message or the prompt on its screen. */
  ask?: string;
}
