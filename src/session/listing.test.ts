import { describe, expect, test } from "bun:test";
import { parseSaved } from "./format.ts";
import { KEYS, type ListingRow, sessionsFromListing } from "./listing.ts";

const BASE: ListingRow = Object.fromEntries(KEYS.map((key) => [key, ""])) as ListingRow;

function line(values: Partial<ListingRow>): string {
  const row = { ...BASE, autoName: "0", width: "120", height: "40", ...values };
  return KEYS.map((key) => row[key]).join("\t");
}

const LAYOUT = "95e4,120x40,0,0{60x40,0,0,0,59x40,61,0,1}";
/** The zoomed window both panes of session "work" are in. */
const EDIT_WINDOW: Partial<ListingRow> = {
  session: "work",
  sessionPath: "/home/u/work",
  windowIndex: "1",
  windowName: "edit #1",
  layout: LAYOUT,
  windowActive: "1",
  zoomed: "1",
};
const LISTING = [
  line({
    ...EDIT_WINDOW,
    paneIndex: "0",
    cwd: "/home/u/a b/ü",
    title: "vim",
    command: "vim",
    paneActive: "1",
  }),
  line({
    ...EDIT_WINDOW,
    paneIndex: "1",
    cwd: "/home/u/work",
    command: "node",
    kind: "claude",
    name: "bob",
    agentSessionId: "abc-123",
    sessionPathOption: "/home/u/.claude/abc.jsonl",
    resumeArgv: "claude --resume abc-123",
    claudeFlags: '["--model","opus"]',
  }),
  line({
    session: "notes",
    sessionPath: "/tmp",
    space: "research",
    windowIndex: "0",
    windowName: "sh",
    autoName: "1",
    paneIndex: "0",
    cwd: "/tmp",
    command: "sh",
    windowActive: "1",
    paneActive: "1",
    layout: "ab02,120x40,0,0,5",
  }),
  "not a listing line",
].join("\n");

describe("sessionsFromListing", () => {
  const now = new Date("2026-12-03T07:00:00Z");
  const sessions = sessionsFromListing(LISTING, "default", now);

  test("one saved session per tmux session, with its windows, panes and agent", () => {
    expect(sessions.map((s) => s.name)).toEqual(["work", "notes"]);
    expect(sessions[0]).toEqual({
      version: 1,
      saved_at: "2026-12-03T07:00:00.000Z",
      server: "default",
      name: "work",
      path: "/home/u/work",
      windows: [
        {
          index: 1,
          name: "edit #1",
          auto_name: false,
          layout: LAYOUT,
          width: 120,
          height: 40,
          active: true,
          zoomed: true,
          panes: [
            { index: 0, cwd: "/home/u/a b/ü", title: "vim", command: "vim", active: true },
            {
              index: 1,
              cwd: "/home/u/work",
              title: "",
              command: "node",
              active: false,
              agent: {
                kind: "claude",
                name: "bob",
                session_id: "abc-123",
                session_path: "/home/u/.claude/abc.jsonl",
                resume_argv: "claude --resume abc-123",
                claude_flags: ["--model", "opus"],
                sandbox: "",
                container: "",
              },
            },
          ],
        },
      ],
    });
    expect(sessions[1]?.windows[0]?.auto_name).toBe(true);
    // A session's space label goes with it; none is saved for a session without one.
    expect(sessions[1]?.space).toBe("research");
    expect(sessions[0]).not.toHaveProperty("space");
  });

  test("the saved JSON reads back as it was written, layout string and all", () => {
    for (const session of sessions) expect(parseSaved(JSON.stringify(session))).toEqual(session);
  });

  test("a conversation left on a pane by a restore is kept under the agent that reported it", () => {
    const [left] = sessionsFromListing(
      line({
        session: "s",
        windowIndex: "0",
        paneIndex: "0",
        resumeAgent: "codex",
        agentSessionId: "x",
        claudeFlags: "oops",
      }),
      "default",
      now,
    );
    expect(left?.windows[0]?.panes[0]?.agent).toMatchObject({
      kind: "codex",
      session_id: "x",
      claude_flags: [],
    });
  });
});

describe("a restored pane's kept facts", () => {
  const kept = JSON.stringify({ opened: "/home/u", cwd: "/gone", agent: undefined });
  const row = (cwd: string) =>
    line({
      session: "s",
      windowIndex: "0",
      paneIndex: "0",
      paneId: "%7",
      cwd,
      kept,
      layout: "ab02,120x40,0,0,5",
    });

  test("saved as offered while the pane stays where it opened", () => {
    const ids = { panes: new Map(), sessions: new Map(), activity: new Map(), acted: [] as string[] };
    const [session] = sessionsFromListing(row("/home/u"), "default", new Date(), ids);
    expect(session?.windows[0]?.panes[0]?.cwd).toBe("/gone");
    expect(ids.acted).toEqual([]);
  });

  test("saved as it is, its marks to go, once it moved", () => {
    const ids = { panes: new Map(), sessions: new Map(), activity: new Map(), acted: [] as string[] };
    const [session] = sessionsFromListing(row("/elsewhere"), "default", new Date(), ids);
    expect(session?.windows[0]?.panes[0]?.cwd).toBe("/elsewhere");
    expect(ids.acted).toEqual(["%7"]);
  });
});
