// The notifier: hangs off the engine's transitions. A pane that becomes blocked or done is
// remembered; after `delay_seconds` it is read back from tmux and notified only if it is
// still in that state and not in front of the user. Everything due together is one
// notification ("3 agents need you"). One notification per pane per transition: a pane
// leaves the queue when notified, when it changes state, or when it no longer qualifies:
// another state, in front of the user, or its agent began a new conversation since
// (src/watch/conversation.ts: a `/clear` or `/resume` leaves nothing to tell).
//
// Wiring (one line in the engine): `const notifier = createNotifier(config, tmux);
// engine.subscribe((snapshot, events) => notifier.onEvents(snapshot, events));`

import type { Config } from "../config/types.ts";
import type { Tmux } from "../tmux/client.ts";
import { type Conversation, isNewConversation } from "../watch/conversation.ts";
import { withAsks } from "./asks.ts";
import { type Delivered, deliver, tmuxMessage, wanted, wantsSystem } from "./deliver.ts";
import { readTmuxNow, type TmuxNow } from "./read.ts";
import { missingSystemTool } from "./system.ts";
import { type NoticeItem, STATUS_CHANGED, type TransitionEvent } from "./types.ts";

export type { TransitionEvent } from "./types.ts";

/** Transitions due within this much of the first are one notification. */
const COLLAPSE_MS = 500;
const MS_PER_SECOND = 1000;

interface Pending {
  tmuxId: string;
  state: "blocked" | "done";
  dueAt: number;
  /** The agent's session when the state came, when the engine's snapshot said. */
  conversation?: Conversation;
}

/** The agent's session in the engine's snapshot (its panes' records), read by shape: this
 * layer does not import the engine's types. */
function conversationIn(snapshot: unknown, paneId: string): Conversation | undefined {
  const panes = (snapshot as { panes?: unknown } | undefined)?.panes;
  if (!(panes instanceof Map)) return undefined;
  const agent = (panes.get(paneId) as { agent?: { sessionId?: string; sessionPath?: string } } | undefined)
    ?.agent;
  return agent && { id: agent.sessionId ?? "", path: agent.sessionPath ?? "" };
}

export interface Notifier {
  onEvents(snapshot: unknown, events: readonly TransitionEvent[]): void;
  /** Take a new config (the engine reloads it on change). */
  setConfig(config: Config): void;
  /** Deliver what is due now; resolves with what was sent (tests and `taw notification`). */
  flush(now?: number): Promise<Delivered | undefined>;
  dispose(): void;
}

export interface NotifierOptions {
  /** Told of every delivery and failure, for the engine's log. */
  log?: (message: string) => void;
  /** Finds a program on PATH (tests replace it). */
  which?: (name: string) => string | null;
  /** Told of each notification delivered (the `notification` hook). */
  onDelivered?: (text: string, items: readonly NoticeItem[]) => void;
}

export function createNotifier(config: Config, tmux: Tmux, options: NotifierOptions = {}): Notifier {
  let current = config;
  const pending = new Map<string, Pending>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const log = options.log ?? (() => {});
  const which = options.which ?? Bun.which;
  let toldMissingTool = false;

  /** `system = true` with no tool to show it: said once per notifier (per engine run). */
  async function tellMissingTool(items: readonly NoticeItem[], state: TmuxNow) {
    if (toldMissingTool || !wantsSystem(current.notify, items)) return;
    const missing = missingSystemTool(process.platform, which);
    if (!missing) return;
    toldMissingTool = true;
    const text = `taw: ${missing.problem} — ${missing.fix}`;
    log(text);
    await tmuxMessage(tmux, state.clients, text, current.notify.message_seconds);
  }

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const first = Math.min(...[...pending.values()].map((item) => item.dueAt));
    timer = setTimeout(
      () => void flush().catch((error) => log(`notify failed: ${error}`)),
      Math.max(0, first - Date.now()),
    );
  };

  async function flush(now = Date.now()): Promise<Delivered | undefined> {
    const due = [...pending.values()].filter((item) => item.dueAt <= now + COLLAPSE_MS);
    if (due.length === 0) return undefined;
    for (const item of due) pending.delete(item.tmuxId);
    schedule();
    const state = await readTmuxNow(tmux);
    let items: NoticeItem[] = [];
    for (const item of due) {
      const pane = state.panes.get(item.tmuxId);
      // Still in that state, and nobody is already looking at it.
      if (!pane || pane.state !== item.state || pane.inFront) continue;
      if (item.conversation && isNewConversation(item.conversation, pane.conversation)) continue;
      const notice = { pane, state: item.state };
      if (wanted(current.notify, notice)) items.push(notice);
    }
    if (items.length === 0) return undefined;
    items = await withAsks(tmux, items);
    await tellMissingTool(items, state);
    const delivered = await deliver(tmux, current.notify, items, state.clients, which);
    options.onDelivered?.(delivered.text, items);
    log(
      `notified ${items.map((item) => `${item.pane.id}=${item.state}`).join(" ")}: ${JSON.stringify(delivered)}`,
    );
    return delivered;
  }

  return {
    onEvents(snapshot, events) {
      let changed = false;
      for (const event of events) {
        if (event.kind !== STATUS_CHANGED && event.kind !== "pane.closed") continue;
        changed = pending.delete(event.tmux_id) || changed;
        if (event.kind !== STATUS_CHANGED || !current.notify.enabled) continue;
        if (event.to === "blocked" || event.to === "done") {
          const dueAt = event.at + current.notify.delay_seconds * MS_PER_SECOND;
          const conversation = conversationIn(snapshot, event.tmux_id);
          pending.set(event.tmux_id, { tmuxId: event.tmux_id, state: event.to, dueAt, conversation });
          changed = true;
        }
      }
      if (changed) schedule();
    },
    setConfig(config) {
      current = config;
    },
    flush,
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
