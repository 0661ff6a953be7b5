// The `/` filter: fuse.js over what a person remembers about an agent (name, kind,
// session, title, branch, host; in the Inbox also what it asks). An empty query keeps everything
// in its sorted order.

import Fuse from "fuse.js";
import type { InboxEntry } from "../inbox/collect.ts";
import type { Pane } from "../tmux/snapshot.ts";

export interface Searchable {
  paneId: string;
  name: string;
  kind: string;
  session: string;
  title: string;
  branch: string;
  /** An Inbox entry's question or command. */
  ask?: string;
  /** The host it runs on, when hosts are configured (`local` for this server). */
  host?: string;
}

const KEYS = ["name", "kind", "session", "title", "branch", "ask", "host"];
/** 0 is exact, 1 matches anything: 0.3 forgives a typo ("gemni") without matching noise ("aider" found claude at 0.4). */
const THRESHOLD = 0.3;

export function searchableOf(pane: Pane, branch: string): Searchable {
  const a = pane.agent;
  return {
    paneId: pane.id,
    name: a.name || a.display,
    kind: a.kind || a.kindHint || pane.command,
    session: pane.sessionName,
    title: a.title || pane.title,
    branch,
  };
}

/** The pane ids that match `query`, or undefined when there is no query. */
export function matchPanes(items: readonly Searchable[], query: string): Set<string> | undefined {
  const text = query.trim();
  if (text === "") return undefined;
  const fuse = new Fuse(items, { keys: KEYS, threshold: THRESHOLD, ignoreLocation: true });
  return new Set(fuse.search(text).map((result) => result.item.paneId));
}

/** The Inbox entries `query` keeps, by pane id (the Agents view's fields and what each asks),
 * or undefined when there is no query. */
export function matchInbox(
  entries: readonly InboxEntry[],
  panes: ReadonlyMap<string, Pane>,
  branches: ReadonlyMap<string, string>,
  query: string,
): Set<string> | undefined {
  const items = entries.flatMap((entry) => {
    const pane = panes.get(entry.row.paneId);
    if (!pane) return [];
    const ask = entry.tool ? `${entry.tool}: ${entry.ask}` : entry.ask;
    return [{ ...searchableOf(pane, branches.get(pane.path) ?? ""), ask }];
  });
  return matchPanes(items, query);
}
