// events.subscribe: the engine's transitions (src/watch/events.ts) as herdr's pushed events.
// pane.agent_status_changed comes in herdr's subscription envelope
// `{"event":"pane.agent_status_changed","data":{pane_id,workspace_id,agent_status,agent}}`;
// pane created/closed/agent_detected in its lifecycle envelope `{"event":"pane_created","data":{"type",…}}`.

import type { Snapshot } from "../tmux/snapshot.ts";
import type { Announcement } from "../watch/announcements.ts";
import { handedOver } from "../watch/created.ts";
import type { EngineEvent } from "../watch/events.ts";
import { HerdrError } from "./protocol.ts";
import { paneInfo, statusOf, tabInfo, workspaceInfo, workspaceOfPane } from "./shapes.ts";

export interface Subscription {
  type: string;
  pane_id?: string;
  agent_status?: string;
}

/** The types taw streams, from the engine's event of the same name. */
export const STREAMED = ["pane.agent_status_changed", "pane.created", "pane.closed", "pane.agent_detected"];

/** Types taw derives from two successive snapshots: sessions and windows that came or went. */
export const TREE = ["workspace.created", "workspace.closed", "tab.created", "tab.closed"];

/** Types the verb that made them announces (worktree-events.ts): no reading of tmux sees them. */
export const ANNOUNCED_TYPES = ["worktree.created", "worktree.opened", "worktree.removed"];

/** herdr's dotted subscription type of an envelope's event name (`worktree_created` → `worktree.created`). */
export const dottedType = (event: string) => (event.includes(".") ? event : event.replace("_", "."));

/** Whether a subscription asked for this announcement. */
export const wantsAnnouncement = (announcement: Announcement, subs: Subscription[]) =>
  subs.some((sub) => sub.type === dottedType(announcement.event));

/** herdr's other subscription types: accepted, so a client that asks for many still gets these,
 * but tmux gives the engine nothing to send for them (see the README's method table). */
const NEVER_SENT = [
  "workspace.updated",
  "workspace.metadata_updated",
  "workspace.renamed",
  "workspace.moved",
  "workspace.reordered",
  "workspace.focused",
  "tab.focused",
  "tab.renamed",
  "tab.moved",
  "pane.updated",
  "pane.focused",
  "pane.moved",
  "pane.exited",
  "pane.output_matched",
  "pane.scroll_changed",
  "layout.updated",
];

/** The subscriptions of a request; HerdrError `invalid_request` for a type herdr does not have. */
export function parseSubscriptions(params: Record<string, unknown>): Subscription[] {
  const list = params.subscriptions;
  if (!Array.isArray(list) || list.length === 0)
    throw new HerdrError("invalid_params", '"subscriptions" must be a non-empty list of {"type":…}');
  return list.map((item) => {
    const type = (item as Subscription | null)?.type;
    if (typeof type !== "string" || ![...STREAMED, ...TREE, ...ANNOUNCED_TYPES, ...NEVER_SENT].includes(type))
      throw new HerdrError("invalid_request", `unknown subscription type '${String(type)}'`);
    return item as Subscription;
  });
}

const matches = (sub: Subscription, type: string, paneId: string, status?: string) =>
  sub.type === type &&
  (sub.pane_id === undefined || sub.pane_id === paneId) &&
  (sub.agent_status === undefined || sub.agent_status === status);

/** The herdr event for one engine event, or undefined when no subscription asked for it. */
export function herdrEvent(
  event: EngineEvent,
  snapshot: Snapshot,
  subs: Subscription[],
): Record<string, unknown> | undefined {
  const status = statusOf(event.to ?? "");
  if (!subs.some((sub) => matches(sub, event.kind, event.pane, status))) return undefined;
  const ids = { pane_id: event.pane, workspace_id: workspaceOfPane(event.pane) };
  switch (event.kind) {
    case "pane.agent_status_changed":
      return {
        event: event.kind,
        data: { ...ids, agent_status: status, ...(event.agent ? { agent: event.agent } : {}) },
      };
    case "pane.created": {
      const pane = snapshot.panes.get(event.tmux_id);
      const data =
        handedOver(snapshot, event.tmux_id, "pane_created") ??
        (pane ? { pane: paneInfo(pane, snapshot) } : ids);
      return { event: "pane_created", data: { type: "pane_created", ...data } };
    }
    case "pane.closed":
      return { event: "pane_closed", data: { type: "pane_closed", ...ids } };
    case "pane.agent_detected":
      return {
        event: "pane_agent_detected",
        data: { type: "pane_agent_detected", ...ids, ...(event.agent ? { agent: event.agent } : {}) },
      };
  }
}

/** herdr's lifecycle events for the sessions (workspaces) and windows (tabs) that `next` has
 * and `prev` had not, or the other way round, for the subscriptions that ask for them. */
export function treeEvents(prev: Snapshot, next: Snapshot, subs: Subscription[]): Record<string, unknown>[] {
  const wanted = new Set(subs.map((sub) => sub.type));
  const out: Record<string, unknown>[] = [];
  const push = (kind: string, data: Record<string, unknown>) => {
    const name = kind.replace(".", "_");
    if (wanted.has(kind)) out.push({ event: name, data: { type: name, ...data } });
  };
  const before = new Map(prev.sessions.map((s) => [s.id, s]));
  const after = new Map(next.sessions.map((s) => [s.id, s]));
  next.sessions.forEach((session, index) => {
    if (!before.has(session.id))
      push(
        "workspace.created",
        handedOver(next, session.id, "workspace_created") ?? { workspace: workspaceInfo(session, index + 1) },
      );
  });
  for (const session of prev.sessions)
    if (!after.has(session.id)) push("workspace.closed", { workspace_id: session.publicId });
  const windows = (snapshot: Snapshot) =>
    new Map(
      snapshot.sessions.flatMap((s) => s.windows.map((w) => [w.id, { window: w, session: s }] as const)),
    );
  const wasThere = windows(prev);
  const isThere = windows(next);
  for (const [id, { window, session }] of isThere)
    if (!wasThere.has(id))
      push("tab.created", handedOver(next, id, "tab_created") ?? { tab: tabInfo(window, session) });
  for (const [id, { window, session }] of wasThere)
    if (!isThere.has(id)) push("tab.closed", { tab_id: window.publicId, workspace_id: session.publicId });
  return out;
}
