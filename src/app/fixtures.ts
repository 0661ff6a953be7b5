// Snapshots for component tests, built through the real listing parser (buildSnapshot) so
// the tests exercise the same path as a live tmux listing.

import { type AGENT_OPTIONS, PANE_COLUMNS } from "../tmux/formats.ts";
import { buildSnapshot, type Snapshot } from "../tmux/snapshot.ts";

export interface FixturePane {
  session?: string;
  window?: number;
  windowName?: string;
  pane?: number;
  command?: string;
  path?: string;
  title?: string;
  active?: boolean;
  agent?: Partial<Record<keyof typeof AGENT_OPTIONS, string>>;
}

export function fixtureSnapshot(panes: FixturePane[], takenAt = 0): Snapshot {
  const sessions = new Map<string, number>();
  const lines = panes.map((pane, index) => {
    const session = pane.session ?? "main";
    if (!sessions.has(session)) sessions.set(session, sessions.size + 1);
    const sessionNumber = sessions.get(session) ?? 0;
    const window = pane.window ?? 0;
    const values: Record<string, string> = {
      sessionId: `$${sessionNumber}`,
      sessionName: session,
      sessionAttached: "1",
      windowId: `@${sessionNumber * 100 + window}`,
      windowIndex: String(window),
      windowName: pane.windowName ?? `win${window}`,
      windowActive: window === 0 ? "1" : "0",
      windowActivity: "0",
      paneId: `%${index + 1}`,
      paneIndex: String(pane.pane ?? 0),
      paneActive: pane.active === false ? "0" : "1",
      pid: String(1000 + index),
      tty: `/dev/pts/${index}`,
      command: pane.command ?? "sh",
      path: pane.path ?? "/tmp",
      title: pane.title ?? "",
      width: "80",
      height: "24",
      alternateOn: "0",
      historySize: "0",
      dead: "0",
      inMode: "0",
    };
    for (const [key, value] of Object.entries(pane.agent ?? {})) values[`agent.${key}`] = value;
    return PANE_COLUMNS.map((column) => values[column.key] ?? "").join("\t");
  });
  return buildSnapshot(lines.join("\n"), takenAt);
}

/** A small server: three agents in three states and a plain shell. */
export const NOW = 1_800_000_000;
export const sampleSnapshot = () =>
  fixtureSnapshot([
    {
      session: "work",
      window: 0,
      command: "claude",
      agent: { kind: "claude", state: "working", stateSince: String(NOW - 120), name: "api" },
    },
    {
      session: "work",
      window: 1,
      command: "codex",
      agent: { kind: "codex", state: "blocked", stateSince: String(NOW - 30), rule: "permission_prompt" },
    },
    { session: "work", window: 1, pane: 1, command: "sh", active: false },
    {
      session: "notes",
      window: 0,
      command: "gemini",
      agent: { kind: "gemini", state: "done", stateSince: String(NOW - 600), title: "wrote the report" },
    },
    {
      session: "notes",
      window: 2,
      command: "aider",
      agent: { kind: "aider", state: "idle", stateSince: String(NOW - 4000) },
    },
  ]);
