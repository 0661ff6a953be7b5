// `[hooks]` workspace.created and tab.created: the sessions and windows one snapshot has that
// the one before it had not, as the events a hook is told of (read only when a hook listens).

import { handedOver } from "../watch/created.ts";

export interface TreeSnapshot {
  sessions: {
    id: string;
    publicId: string;
    name: string;
    windows: { id: string; publicId: string; name: string }[];
  }[];
  /** Payloads the verbs that made them left (src/watch/created.ts): their names are the ones
   * the verb answered with. */
  created?: Map<string, string>;
}

export interface TreeEvent {
  event: "workspace.created" | "tab.created";
  workspace_id: string;
  workspace_name: string;
  tab_id?: string;
  tab_name?: string;
}

export function createdBetween(before: TreeSnapshot, after: TreeSnapshot): TreeEvent[] {
  const sessions = new Set(before.sessions.map((s) => s.id));
  const windows = new Set(before.sessions.flatMap((s) => s.windows.map((w) => w.id)));
  const out: TreeEvent[] = [];
  const label = (id: string, type: string, key: string, read: string) => {
    const handed = handedOver(after, id, type)?.[key] as { label?: unknown } | undefined;
    return typeof handed?.label === "string" ? handed.label : read;
  };
  for (const session of after.sessions) {
    const base = {
      workspace_id: session.publicId,
      workspace_name: label(session.id, "workspace_created", "workspace", session.name),
    };
    if (!sessions.has(session.id)) out.push({ event: "workspace.created", ...base });
    for (const window of session.windows)
      if (!windows.has(window.id))
        out.push({
          event: "tab.created",
          ...base,
          tab_id: window.publicId,
          tab_name: label(window.id, "tab_created", "tab", window.name),
        });
  }
  return out;
}
