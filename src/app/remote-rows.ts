// Another host's agents as the dashboard's rows: each agent record a host's `agent.watch`
// sent becomes an Agents row, a filter item, a Tree row and (when blocked) an Inbox entry.
// A remote row's key is `<host>/<tmux id>` so it never collides with a local pane (%3 on
// both), and its label carries `@host`. Pure: the store derives them with the local rows.

import { type AgentRow, rankOf } from "../agent/rows.ts";
import { GROUP_ORDER, type InboxEntry, type InboxGroup } from "../inbox/collect.ts";
import type { Risk } from "../inbox/risk.ts";
import type { Searchable } from "./filter.ts";
import type { TreeRow } from "./tree.ts";

/** The parts of a far end's agent record (src/agent/records.ts there) the dashboard reads. */
export interface RemoteRecord {
  pane_id: string;
  tmux_id: string;
  tab_id?: string;
  workspace_id?: string;
  session: string;
  window_index: number;
  pane_index: number;
  command?: string;
  cwd?: string;
  terminal_title?: string | null;
  host?: string;
  agent: {
    kind?: string | null;
    state?: string | null;
    state_since?: number | null;
    rule?: string | null;
    source?: string | null;
    seen?: boolean;
    name?: string | null;
    display?: string | null;
    title?: string | null;
  } | null;
}

/** A host as the dashboard knows it: its connection's state and its agents as last read. */
export interface HostView {
  name: string;
  state: "connecting" | "ok" | "unreachable";
  /** Milliseconds: unreachable since (0 otherwise). */
  since: number;
  /** Why it is unreachable (the last thing ssh or taw said). */
  reason: string;
  /** Its agents as last read, in its own order. */
  agents: RemoteRecord[];
  /** The list is current: read since the connection last said hello. */
  current: boolean;
  /** Milliseconds: when the list was last known current (now, while it is). */
  readAt: number;
  /** What its blocked agents ask, as its `inbox.list` said (read when its blocked set changes). */
  inbox?: RemoteInboxRecord[];
}

/** An entry of a far end's `inbox.list` (src/inbox/list.ts entryRecord there). */
export interface RemoteInboxRecord {
  tmux_id: string;
  group: string;
  ask: string;
  tool: string | null;
  options: string[];
  prompt_id: string | null;
  risk: string;
  risk_reason: string;
}

/** An Agents row that may belong to another host. */
export interface HostedRow extends AgentRow {
  /** The host's name; absent for the local server's rows. */
  host?: string;
  /** The host's own target for the pane (its tmux id), for the verbs sent there. */
  target?: string;
  /** Milliseconds: the row was last read then and its host is not answering now. */
  stale?: number;
}

/** The host of a row (an Inbox entry's row is typed as a local one): undefined for local. */
export const hostOf = (row: AgentRow): string | undefined => (row as HostedRow).host;

export const remoteKey = (host: string, id: string) => `${host}/${id}`;
/** A remote row's key split back, or undefined for a local pane id. */
export function splitRemoteKey(key: string): { host: string; id: string } | undefined {
  const at = key.indexOf("/");
  return at > 0 ? { host: key.slice(0, at), id: key.slice(at + 1) } : undefined;
}

/** `w3` → `$3`, `w3:t7` → `@7`: tmux's ids from the record's public ones. */
const sessionOf = (record: RemoteRecord) => `$${(record.workspace_id ?? "").replace(/^w/, "")}`;
const windowOf = (record: RemoteRecord) => `@${(record.tab_id ?? "").split(":t")[1] ?? ""}`;

export function remoteRow(host: HostView, record: RemoteRecord): HostedRow {
  const a = record.agent ?? {};
  const kind = a.kind ?? "";
  const state = a.state || "unknown";
  const seen = a.seen === true;
  return {
    paneId: remoteKey(host.name, record.tmux_id),
    publicId: remoteKey(host.name, record.pane_id),
    label: `${a.name || a.display || kind} @${host.name}`,
    name: a.name ?? "",
    kind,
    state,
    since: a.state_since ?? 0,
    seen,
    session: record.session,
    sessionId: remoteKey(host.name, sessionOf(record)),
    windowId: remoteKey(host.name, windowOf(record)),
    windowIndex: record.window_index,
    place: `${record.session}:${record.window_index}`,
    detail: a.title || record.terminal_title || a.rule || "",
    path: record.cwd ?? "",
    branch: "",
    rank: rankOf(state, seen),
    reports: (a.source ?? "").startsWith("hook:"),
    restored: false,
    host: host.name,
    target: record.tmux_id,
    ...(host.current ? {} : { stale: host.readAt }),
  };
}

/** Every host's rows, built once per host list read (a WeakMap keyed by the host's object). */
const rowsCache = new WeakMap<HostView, HostedRow[]>();
export function hostRows(hosts: readonly HostView[]): HostedRow[] {
  return hosts.flatMap((host) => {
    let rows = rowsCache.get(host);
    if (!rows) {
      rows = host.agents.map((record) => remoteRow(host, record));
      rowsCache.set(host, rows);
    }
    return rows;
  });
}

/** What the filter matches on a remote row: the local fields, and its host. */
export const remoteSearchable = (row: HostedRow): Searchable => ({
  paneId: row.paneId,
  name: row.name,
  kind: row.kind,
  session: row.session,
  title: row.detail,
  branch: row.branch,
  host: row.host ?? "",
});

/** The blocked remote agents in the Inbox, with what their host read of each prompt (its
 * `inbox.list`: the screen is read there, only the reading crosses); one the host has not
 * read yet is listed as `other` with its own report, and Enter attaches to it. */
export function remoteInbox(
  hosts: readonly HostView[],
  rows: readonly HostedRow[],
  nowSeconds: number,
): InboxEntry[] {
  const asked = new Map<string, RemoteInboxRecord>();
  for (const host of hosts)
    for (const entry of host.inbox ?? []) asked.set(remoteKey(host.name, entry.tmux_id), entry);
  return rows
    .filter((row) => row.state === "blocked")
    .map((row): InboxEntry => {
      const waited = row.since ? Math.max(0, nowSeconds - row.since) : 0;
      const read = row.stale ? undefined : asked.get(row.paneId);
      if (!read)
        return {
          row,
          group: "other",
          ask: row.detail || `waiting on host ${row.host}: Enter attaches to it`,
          options: [],
          waited,
          risk: { level: "ask", reason: "unread" },
        };
      return {
        row,
        group: (GROUPS.includes(read.group as InboxGroup) ? read.group : "other") as InboxGroup,
        ask: read.ask,
        ...(read.tool ? { tool: read.tool } : {}),
        options: read.options,
        ...(read.prompt_id ? { promptId: read.prompt_id } : {}),
        waited,
        risk: {
          level: RISKS.includes(read.risk as Risk["level"]) ? (read.risk as Risk["level"]) : "ask",
          reason: read.risk_reason,
        },
      };
    });
}

const GROUPS: readonly string[] = GROUP_ORDER;
const RISKS: readonly string[] = ["never", "auto", "safe", "ask"];

/** How a host's state reads in the header and the Tree: `ok`, `connecting`, `unreachable 2m`. */
export function hostStateText(host: HostView, nowMs: number, duration: (seconds: number) => string): string {
  if (host.state === "unreachable")
    return `unreachable ${duration(Math.max(0, (nowMs - host.since) / 1000))}`;
  return host.state;
}

/** The Tree's rows of the hosts: each host's line, then its sessions → windows → agent panes
 * (a host sends its agents, not every pane). `keep` is the filter's matches. */
export function remoteTreeRows(
  hosts: readonly HostView[],
  rows: readonly HostedRow[],
  keep: ReadonlySet<string> | undefined,
): TreeRow[] {
  const out: TreeRow[] = [];
  for (const host of hosts) {
    out.push(hostTreeRow(host.name, `@${host.name} · ${host.state}`));
    const mine = rows
      .filter((row) => row.host === host.name && (!keep || keep.has(row.paneId)))
      .sort((a, b) => a.session.localeCompare(b.session) || a.windowIndex - b.windowIndex);
    let session = "";
    let window = "";
    for (const row of mine) {
      if (row.sessionId !== session) {
        session = row.sessionId;
        window = "";
        out.push({ ...blank(row), key: row.sessionId, depth: 0, kind: "session", text: row.session });
      }
      if (row.windowId !== window) {
        window = row.windowId;
        out.push({ ...blank(row), key: row.windowId, depth: 1, kind: "window", text: `${row.windowIndex}` });
      }
      out.push({
        ...blank(row),
        key: row.paneId,
        depth: 2,
        kind: "pane",
        text: row.stale ? `${row.detail} (stale)` : row.detail,
        agentState: row.state,
        agentLabel: row.label,
      });
    }
  }
  return out;
}

/** The line a host's group starts with in the Tree (the local server's too). */
export const hostTreeRow = (name: string, text: string): TreeRow => ({
  key: `host:${name}`,
  depth: 0,
  kind: "host",
  text,
  paneId: "",
  sessionId: "",
  agentState: "",
  agentLabel: "",
  collapsed: false,
  active: true,
});

const blank = (row: HostedRow): TreeRow => ({
  key: "",
  depth: 0,
  kind: "pane",
  text: "",
  paneId: row.paneId,
  sessionId: row.sessionId,
  agentState: "",
  agentLabel: "",
  collapsed: false,
  active: false,
});
