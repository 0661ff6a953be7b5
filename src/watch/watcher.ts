// What one pane's watcher is given and answers (state.ts is the machine): the read's
// observation, the watcher's memory between ticks, the writes and transitions it decides.

import type { AgentState, Verdict } from "../detect/types.ts";
import type { AgentOptionKey } from "../tmux/formats.ts";
import type { AgentOptionValues } from "../tmux/snapshot.ts";
import { type Conversation, NO_CONVERSATION } from "./conversation.ts";

export interface Observation {
  now: number;
  /** The agent the foreground process (or the kind hint) names; undefined for none. */
  kind: string | undefined;
  /** The screen's verdict for `kind`; undefined when the screen was not evaluated. */
  verdict: Verdict | undefined;
  /** Someone is looking at the pane (its window is active in an attached, focused session). */
  visible: boolean;
  /** The pane's command is a shell: an agent a hook owns has left. */
  shellInFront: boolean;
  /** A process in front of the pane names `kind` (not the kind hint alone). */
  named: boolean;
  /** The pane's own shell is at its prompt with nothing else in its process group. */
  shellIdle: boolean;
  /** The process `taw agent start` recorded (@agent_pid) has ended. */
  pidGone: boolean;
  /** The pane's @agent_* options as the read found them. */
  options: AgentOptionValues;
}

export interface Watcher {
  kind: string | undefined;
  state: AgentState | undefined;
  rule: string;
  appearedAt: number;
  misses: number;
  /** When an idle verdict after a turn was first read; undefined when nothing is on hold. */
  holdSince: number | undefined;
  /** Freshly taken: its first idle is the agent becoming ready, not a finished turn. */
  acquiring: boolean;
  /** The exit's completion has been written; the record goes at the next read. */
  exiting: boolean;
  /** The @agent_turn the last read found: a hook's report of work moves it. */
  turn: string;
  /** A process has named the agent at a read since it was recorded. */
  named: boolean;
  /** The session the agent reported last (conversation.ts): another is a new conversation. */
  conversation: Conversation;
}

export type TransitionKind = "pane.agent_detected" | "pane.agent_status_changed";

export interface Transition {
  kind: TransitionKind;
  agent: string | null;
  from: AgentState | null;
  to: AgentState | null;
  rule: string | null;
}

/** Options to write; "" unsets. */
export type OptionWrites = Partial<Record<AgentOptionKey, string>>;

export interface Decision {
  watcher: Watcher;
  writes: OptionWrites;
  transitions: Transition[];
  /** An idle verdict is on hold: read again soon. */
  holding: boolean;
}

export const EMPTY: Watcher = {
  kind: undefined,
  state: undefined,
  rule: "",
  appearedAt: 0,
  misses: 0,
  holdSince: undefined,
  acquiring: false,
  exiting: false,
  turn: "",
  named: false,
  conversation: NO_CONVERSATION,
};
