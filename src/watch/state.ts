// One pane's watcher: a pure state machine. Each tick it is given what the read found
// (the identity in front of the pane, the screen's verdict, whether anyone is looking, and
// the @agent_* options tmux holds now) and answers with the options to write and the
// transitions to announce. tmux is the database: a state someone else wrote since the
// last tick (a hook's report, `taw seen`) is taken from the options, not overwritten.

import type { AgentState, Verdict } from "../detect/types.ts";
import { isNewConversation, latestConversation, NO_CONVERSATION } from "./conversation.ts";
import {
  type Decision,
  EMPTY,
  type Observation,
  type OptionWrites,
  type Transition,
  type Watcher,
} from "./watcher.ts";

export type { Decision, Observation, OptionWrites, Transition, TransitionKind, Watcher } from "./watcher.ts";

/** No screen verdict (and no notification) this long after an agent appears. */
export const STARTUP_GRACE_MS = 3000;
/** An idle read after a turn must last this long before the turn counts as finished. */
export const IDLE_HOLD_MS = 1000;
/** Reads in a row that must miss an agent's process before its record goes. */
export const MISS_LIMIT = 5;
/** The verdict of a known agent whose screen matched no rule: a redraw, not a prompt. */
export const DEFAULT_IDLE_RULE = "default_idle";
export const RULE_GRACE = "startup_grace";
export const RULE_EXITED = "process_exited";
export const RULE_SEEN = "seen";
/** A done taken back to idle because the agent began a new conversation. */
export const RULE_NEW_SESSION = "session_changed";
/** A hint-only pane (no process names its agent) whose screen matched no rule. */
export const RULE_HINT_ONLY = "hint_no_rule";

const STATES = new Set<string>(["idle", "working", "blocked", "done", "unknown"]);
const asState = (text: string): AgentState | undefined =>
  STATES.has(text) ? (text as AgentState) : undefined;
const inTurn = (state: AgentState | undefined) => state === "working" || state === "blocked";
const isHook = (source: string) => source.startsWith("hook:");
const seconds = (ms: number) => String(Math.floor(ms / 1000));

/** Work out one tick of one pane. `previous` is undefined the first time this engine sees it. */
export function step(previous: Watcher | undefined, o: Observation): Decision {
  const d: Decision = { watcher: { ...(previous ?? adopt(o)) }, writes: {}, transitions: [], holding: false };
  const w = d.watcher;
  takeExternalChanges(d, o);
  if (w.kind !== undefined && o.options.kind === w.kind) newConversation(d, o);
  const hookOwned = isHook(o.options.source) && w.kind !== undefined;

  if (w.kind === undefined) {
    if (o.kind !== undefined) detect(d, o, o.kind, false);
    return d;
  }
  if (o.kind !== undefined && o.kind !== w.kind && !hookOwned) {
    detect(d, o, o.kind, true);
    return d;
  }
  if (o.kind === w.kind && o.named) w.named = true;
  // An agent that said it is there and that no process names (under node, behind a wrapper)
  // is kept until the pane's own shell is idle; a hook that owns the state keeps it until a
  // shell is in front. Neither counts misses.
  const held = !w.named && o.options.reportedKind === w.kind;
  const kept = hookOwned || held;
  const shellBack = held ? o.shellIdle : o.shellInFront;
  // A hint-only agent is told gone by the process `agent start` recorded for it.
  const pidGone = !w.named && o.pidGone && (o.kind === undefined || (o.kind === w.kind && !o.named));
  const present = !pidGone && (o.kind === w.kind || (kept && !shellBack));
  if (!present) {
    w.misses++;
    if (pidGone || w.misses >= MISS_LIMIT || (kept && shellBack)) leave(d, o);
    return d;
  }
  w.misses = 0;
  w.exiting = false;
  if (w.state === "done" && o.visible) {
    transition(d, o, "idle", RULE_SEEN);
    d.writes.seen = "1";
    return d;
  }
  if (hookOwned || o.now - w.appearedAt < STARTUP_GRACE_MS || !o.verdict) return d;
  readScreen(d, o, hintOnly(o, w) ? unknownUnlessMatched(o.verdict) : o.verdict);
  return d;
}

/** The first sight of a pane: an agent already recorded there is taken as it stands
 * (an engine started again), with no grace and nothing announced. A record its process
 * no longer backs then goes by the ordinary misses. */
function adopt(o: Observation): Watcher {
  const kind = o.options.kind;
  if (!kind) return { ...EMPTY };
  return {
    ...EMPTY,
    kind,
    state: asState(o.options.state),
    rule: o.options.rule,
    appearedAt: o.now - STARTUP_GRACE_MS,
    acquiring: o.options.acquiring !== "",
    turn: o.options.turn,
    conversation: conversationOf(o),
  };
}

const conversationOf = (o: Observation) => ({ id: o.options.sessionId, path: o.options.sessionPath });

/** The same agent reported another session (conversation.ts): herdr's completion reset. The
 * pane counts as seen whatever its state, a done goes back to idle (announced, and a
 * notification waiting for it is dropped with the change), and out of a turn the agent is
 * being taken again: its first idle is it becoming ready, not a finished turn. */
function newConversation(d: Decision, o: Observation): void {
  const w = d.watcher;
  const now = conversationOf(o);
  const changed = isNewConversation(w.conversation, now);
  w.conversation = latestConversation(w.conversation, now);
  if (!changed) return;
  if (o.options.seen !== "1") d.writes.seen = "1";
  if (w.state === "done") transition(d, o, "idle", RULE_NEW_SESSION);
  if (!inTurn(w.state) && !w.acquiring) {
    w.acquiring = true;
    d.writes.acquiring = "taken";
  }
}

/** States written by others since the last tick: a hook's report, `taw seen`, a release. */
function takeExternalChanges(d: Decision, o: Observation): void {
  const w = d.watcher;
  const written = asState(o.options.state);
  const turnMoved = o.options.turn !== w.turn;
  w.turn = o.options.turn;
  if (w.kind !== undefined && o.options.kind === "") {
    Object.assign(w, EMPTY);
    return;
  }
  if (isHook(o.options.source) && o.options.kind && o.options.kind !== w.kind) {
    const from = w.state ?? null;
    Object.assign(w, {
      ...EMPTY,
      kind: o.options.kind,
      state: written,
      appearedAt: o.now - STARTUP_GRACE_MS,
      turn: o.options.turn,
      conversation: conversationOf(o),
    });
    d.transitions.push({
      kind: "pane.agent_detected",
      agent: w.kind ?? null,
      from,
      to: written ?? null,
      rule: o.options.source,
    });
    return;
  }
  if (w.kind === undefined || !written) return;
  if (
    turnMoved &&
    isHook(o.options.source) &&
    !inTurn(w.state) &&
    (written === "idle" || written === "done")
  ) {
    wholeTurn(d, o, written);
    return;
  }
  if (written === w.state) return;
  const from = w.state ?? null;
  const rule = isHook(o.options.source)
    ? o.options.source
    : from === "done" && written === "idle"
      ? RULE_SEEN
      : o.options.rule;
  w.holdSince = undefined;
  if (written === "working") w.acquiring = false;
  if (isHook(o.options.source) && written === "idle" && inTurn(w.state) && !o.visible && !w.acquiring) {
    // A hook's end of a turn nobody watched is a completion like any other: done, still the hook's.
    w.state = "done";
    w.rule = rule;
    Object.assign(d.writes, { state: "done", stateSince: seconds(o.now), seen: "0" });
  } else {
    w.state = written;
    w.rule = o.options.rule;
  }
  d.transitions.push({ kind: "pane.agent_status_changed", agent: w.kind, from, to: w.state, rule });
}

/** A turn that began and ended between two reads (its stamp moved, the state never read as
 * work): announced as its start and its end, the end by who is looking, as any completion. */
function wholeTurn(d: Decision, o: Observation, written: AgentState): void {
  const w = d.watcher;
  const rule = o.options.source;
  const to: AgentState = o.visible ? "idle" : "done";
  const change = (from: AgentState | null, next: AgentState): Transition => ({
    kind: "pane.agent_status_changed",
    agent: w.kind ?? null,
    from,
    to: next,
    rule,
  });
  d.transitions.push(change(w.state ?? null, "working"), change("working", to));
  Object.assign(w, { state: to, rule: o.options.rule, holdSince: undefined, acquiring: false });
  if (to !== written)
    Object.assign(d.writes, { state: to, stateSince: seconds(o.now), seen: o.visible ? "1" : "0" });
}

/** The agent is known by the kind hint alone: no process in front names it. */
const hintOnly = (o: Observation, w: Watcher) => o.kind === w.kind && !o.named && !w.named;

/** A screen that matched no rule says nothing of an agent no process names: unknown, not idle. */
const unknownUnlessMatched = (verdict: Verdict): Verdict =>
  verdict.state === "idle" && verdict.rule === DEFAULT_IDLE_RULE
    ? { state: "unknown", rule: RULE_HINT_ONLY }
    : verdict;

function detect(d: Decision, o: Observation, kind: string, replacing: boolean): void {
  const w = d.watcher;
  Object.assign(w, {
    ...EMPTY,
    kind,
    state: "unknown",
    rule: RULE_GRACE,
    appearedAt: o.now,
    acquiring: true,
    turn: o.options.turn,
    named: o.named,
    // The session the pane holds is the last occupant's when this agent replaces another.
    conversation: replacing ? NO_CONVERSATION : conversationOf(o),
  });
  Object.assign(d.writes, {
    kind,
    state: "unknown",
    stateSince: seconds(o.now),
    rule: RULE_GRACE,
    source: "manifest",
    seen: "",
    acquiring: "taken",
  } satisfies OptionWrites);
  // How the last agent ended is not this one's.
  if (o.options.finalState) d.writes.finalState = "";
  if (replacing) {
    // What the last occupant left is about that agent, not this one.
    if (o.options.kindHint !== kind) d.writes.name = "";
    d.writes.sessionId = "";
    d.writes.sessionPath = "";
    d.writes.sessionSource = "";
    d.writes.reportedKind = "";
  }
  d.transitions.push({
    kind: "pane.agent_detected",
    agent: kind,
    from: null,
    to: "unknown",
    rule: RULE_GRACE,
  });
}

/** The agent is gone: a turn under way completes first, and the record goes at the next read,
 * its kind hint with it (a hint left behind would name the shell that came back), and with
 * the state it ended in kept (@agent_final_state: what `agent wait` answers after it). */
function leave(d: Decision, o: Observation): void {
  const w = d.watcher;
  if (inTurn(w.state) && !w.exiting) {
    completion(d, o, RULE_EXITED, true);
    w.exiting = true;
    return;
  }
  const from = w.state ?? null;
  d.transitions.push({
    kind: "pane.agent_status_changed",
    agent: w.kind ?? null,
    from,
    to: null,
    rule: RULE_EXITED,
  });
  Object.assign(d.writes, {
    kind: "",
    state: "",
    stateSince: "",
    rule: "",
    source: "",
    seen: "",
    acquiring: "",
    kindHint: "",
    reportedKind: "",
    turn: "",
    pid: "",
    finalState: from ?? "",
  } satisfies OptionWrites);
  Object.assign(w, EMPTY);
}

function readScreen(d: Decision, o: Observation, verdict: Verdict): void {
  const w = d.watcher;
  if (verdict.state === "keep") {
    w.holdSince = undefined;
    return;
  }
  if (verdict.state === "working" || verdict.state === "blocked") {
    w.holdSince = undefined;
    if (verdict.state === "working" && w.acquiring) {
      w.acquiring = false;
      d.writes.acquiring = "";
    }
    if (w.state !== verdict.state) {
      transition(d, o, verdict.state, verdict.rule);
      d.writes.seen = "0";
    } else if (w.rule !== verdict.rule) ruleOnly(d, verdict.rule);
    return;
  }
  if (inTurn(w.state)) {
    // A redraw that matches nothing is not a finished turn: hold it until it is confirmed.
    const confirmed = verdict.state === "idle" && verdict.rule !== DEFAULT_IDLE_RULE;
    if (!confirmed) {
      w.holdSince ??= o.now;
      if (o.now - w.holdSince < IDLE_HOLD_MS) {
        d.holding = true;
        return;
      }
    }
    w.holdSince = undefined;
    if (verdict.state === "idle") completion(d, o, verdict.rule, false);
    else transition(d, o, verdict.state, verdict.rule);
    return;
  }
  if (w.state === "done") return;
  if (w.state !== verdict.state) transition(d, o, verdict.state, verdict.rule);
  else if (w.rule !== verdict.rule) ruleOnly(d, verdict.rule);
}

/** A turn ended: done when nobody is looking, idle when someone is or the agent only became ready. */
function completion(d: Decision, o: Observation, rule: string, exited: boolean): void {
  const w = d.watcher;
  const ready = w.acquiring && !exited;
  const to: AgentState = o.visible || ready ? "idle" : "done";
  transition(d, o, to, rule);
  d.writes.seen = o.visible ? "1" : "0";
  if (w.acquiring) {
    w.acquiring = false;
    d.writes.acquiring = "";
  }
}

function transition(d: Decision, o: Observation, to: AgentState, rule: string): void {
  const w = d.watcher;
  d.transitions.push({
    kind: "pane.agent_status_changed",
    agent: w.kind ?? null,
    from: w.state ?? null,
    to,
    rule,
  });
  w.state = to;
  w.rule = rule;
  Object.assign(d.writes, { state: to, stateSince: seconds(o.now), rule } satisfies OptionWrites);
  if (!isHook(o.options.source)) d.writes.source = "manifest";
}

function ruleOnly(d: Decision, rule: string): void {
  d.watcher.rule = rule;
  d.writes.rule = rule;
}
