import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Tmux } from "../tmux/client.ts";
import { herdrMain } from "./cli.ts";

// A socket that answers each request with the request itself, and keeps the last one it got.
const path = join(mkdtempSync(join(tmpdir(), "taw-herdr-cli-")), "echo.sock");
type Sent = { method: string; params: unknown };
let received: Sent | undefined;
const echo = createServer((socket) => {
  socket.setEncoding("utf8");
  socket.on("data", (line: string) => {
    const request = JSON.parse(line);
    received = { method: request.method, params: request.params };
    const answer =
      request.method === "pane.get" && request.params.pane_id === "w9:p9"
        ? { id: request.id, error: { code: "not_found", message: "pane w9:p9 not found" } }
        : { id: request.id, result: { type: "echo", method: request.method, params: request.params } };
    socket.end(`${JSON.stringify(answer)}\n`);
  });
});
await new Promise<void>((resolve) => echo.listen(path, resolve));
afterAll(() => echo.close());

/** A tmux that takes every batch and answers its last command as pane %2 would; `gone` answers
 * as a tmux whose pane closed. */
function fakeTmux(batches: string[][][], gone = false) {
  return {
    batch: async (commands: string[][]) => {
      batches.push(commands);
      return commands.map((_, i) =>
        gone && i === 0
          ? { ok: false, output: "", error: "can't find pane: %2" }
          : { ok: true, output: i === commands.length - 1 && !gone ? "%2 stamp" : "" },
      );
    },
  } as unknown as Tmux;
}

async function run(argv: string[], env: Record<string, string> = {}, tmux = fakeTmux([])) {
  const out: string[] = [];
  const err: string[] = [];
  received = undefined;
  const taw: string[][] = [];
  const code = await herdrMain(
    argv,
    { HERDR_SOCKET_PATH: path, ...env },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    async (tawArgv) => {
      taw.push(tawArgv);
      return 0;
    },
    () => "/unused",
    () => tmux,
  );
  return { code, out, err, taw, sent: received as Sent | undefined };
}

describe("taw as herdr's command line", () => {
  test("notification show reads herdr's words as herdr does", async () => {
    const slips: [string[], string][] = [
      [["notification", "show"], "usage: herdr notification show <title>"],
      [
        ["notification", "show", "t", "--sound", "loud"],
        "invalid sound: loud (expected none, done, or request)",
      ],
      [["notification", "show", "t", "--position", "middle"], "invalid position: middle"],
      [["notification", "show", "t", "--urgent"], "unknown option: --urgent"],
    ];
    for (const [argv, message] of slips) {
      const slip = await run(argv);
      expect([slip.code, slip.taw, slip.out]).toEqual([2, [], []]);
      expect(slip.err[0]).toStartWith(message);
    }
  });

  test.each([
    [
      ["integration", "status", "--outdated-only"],
      ["integration", "status"],
    ],
    [
      ["plugin", "config-dir", "example.smoke"],
      ["plugin", "config-dir", "example.smoke"],
    ],
  ])("herdr's %j runs taw's %j", async (argv, tawArgv) => {
    expect((await run(argv)).taw).toEqual([tawArgv]);
  });

  const reports: string[][] = [
    [
      "pane",
      "report-agent",
      "w1:p2",
      "--source",
      "herdr:x",
      "--agent",
      "x",
      "--state",
      "working",
      "--seq",
      "1",
    ],
    [
      "pane",
      "report-agent-session",
      "w1:p2",
      "--source",
      "herdr:qwen",
      "--agent",
      "qwen",
      "--agent-session-id",
      "s1",
      "--session-start-source",
      "startup",
    ],
    ["pane", "release-agent", "w1:p2", "--source", "s", "--agent", "pi"],
    ["pane", "report-metadata", "w1:p2", "--source", "s", "--state-label", "idle=Ready", "--clear-title"],
    ["pane", "report-agent", "--pane", "w1:p2", "--source", "s", "--agent", "x", "--state", "idle"],
  ];
  test.each(reports.map((argv) => [argv]))(
    "herdr's report %j writes to tmux and prints nothing, as herdr's CLI",
    async (argv) => {
      const batches: string[][][] = [];
      const { code, out, err, taw } = await run(argv, {}, fakeTmux(batches));
      expect({ code, out, err, taw }).toEqual({ code: 0, out: [], err: [], taw: [] });
      expect(batches.length).toBe(1);
      expect(batches[0]?.flat()).toContain("%2");
    },
  );

  test("a report refused by tmux is herdr's error line on stderr, exit 1; a slip in its words, exit 2", async () => {
    const argv = ["pane", "release-agent", "w1:p2", "--source", "s", "--agent", "pi"];
    const gone = await run(argv, {}, fakeTmux([], true));
    expect([gone.code, gone.out]).toEqual([1, []]);
    expect(JSON.parse(gone.err[0] as string)).toEqual({
      id: "cli:request",
      error: { code: "pane_not_found", message: "pane w1:p2 not found" },
    });
    const slips: [string[], string][] = [
      [["pane", "report-agent", "w1:p2", "--agent", "x", "--state", "idle"], "missing required --source"],
      [
        ["pane", "report-agent", "w1:p2", "--source", "s", "--agent", "x", "--state", "busy"],
        "invalid agent state: busy",
      ],
      [
        ["pane", "release-agent", "w1:p2", "--source", "s", "--agent", "x", "--quiet"],
        "unknown option: --quiet",
      ],
      [["pane", "report-metadata", "w1:p2", "--source", "s"], "missing metadata field to set or clear"],
      [
        ["pane", "report-agent", "w1:p2", "--source", "s", "--agent", "x", "--state", "idle", "--seq", "-1"],
        "invalid value for --seq: -1",
      ],
      [
        ["pane", "report-agent-session"],
        "usage: herdr pane report-agent-session <pane_id> --source ID --agent LABEL [--seq N] [--agent-session-id ID] [--agent-session-path PATH] [--session-start-source SOURCE]",
      ],
    ];
    for (const [words, message] of slips) {
      const slip = await run(words);
      expect([slip.code, slip.err, slip.out]).toEqual([2, [message], []]);
    }
  });

  test.each([
    [["pane", "list", "--workspace", "w1"], "pane.list", { workspace_id: "w1" }],
    [
      ["pane", "read", "w1:p2", "--lines=5", "--source", "visible"],
      "pane.read",
      { pane_id: "w1:p2", source: "visible", lines: 5 },
    ],
    [
      ["pane", "read", "--current", "--ansi"],
      "pane.read",
      { pane_id: "w3:p4", source: "recent", format: "ansi" },
    ],
    [["pane", "send-text", "w1:p2", "echo", "hi"], "pane.send_text", { pane_id: "w1:p2", text: "echo hi" }],
    [
      ["pane", "send-keys", "w1:p2", "enter", "ctrl+c"],
      "pane.send_keys",
      { pane_id: "w1:p2", keys: ["enter", "ctrl+c"] },
    ],
    [["pane", "current"], "pane.current", { caller_pane_id: "w3:p4" }],
    [
      ["pane", "read", "w1:p2", "--source", "recent-unwrapped", "--lines", "120"],
      "pane.read",
      { pane_id: "w1:p2", source: "recent_unwrapped", lines: 120 },
    ],
    [
      ["pane", "run", "w1:p2", "make", "test"],
      "pane.send_input",
      { pane_id: "w1:p2", text: "make test", keys: ["enter"] },
    ],
    [
      ["pane", "split", "--current", "--direction", "down", "--env", "A=1", "--focus"],
      "pane.split",
      { target_pane_id: "w3:p4", direction: "down", env: { A: "1" }, focus: true },
    ],
    [
      ["pane", "move", "w1:p2", "--tab", "w1:t3", "--split", "right"],
      "pane.move",
      { pane_id: "w1:p2", destination: { type: "tab", tab_id: "w1:t3", split: "right" }, focus: false },
    ],
    [
      ["pane", "wait-output", "w1:p2", "--regex", "ok$", "--timeout", "500"],
      "pane.wait_for_output",
      { pane_id: "w1:p2", match: { type: "regex", value: "ok$" }, timeout_ms: 500, strip_ansi: true },
    ],
    [
      ["agent", "wait", "napper", "--until", "idle", "--until", "blocked"],
      "agent.wait",
      { target: "napper", until: ["idle", "blocked"] },
    ],
    [["agent", "rename", "w1:p2", "--clear"], "agent.rename", { target: "w1:p2", name: null }],
    [
      ["plugin", "action", "invoke", "layout", "--plugin", "example.smoke"],
      "plugin.action.invoke",
      { action_id: "layout", plugin_id: "example.smoke", context: { invocation_source: "cli" } },
    ],
    [["plugin", "link", "/opt/p", "--disabled"], "plugin.link", { path: "/opt/p", enabled: false }],
    [
      [
        "plugin",
        "pane",
        "open",
        "--plugin",
        "x.y",
        "--entrypoint",
        "board",
        "--target-pane",
        "w1:p2",
        "--no-focus",
      ],
      "plugin.pane.open",
      { plugin_id: "x.y", entrypoint: "board", target_pane_id: "w1:p2", focus: false },
    ],
    [["plugin", "log", "list", "--limit", "5"], "plugin.log.list", { limit: 5 }],
    [
      ["workspace", "rename", "w1", "api", "work"],
      "workspace.rename",
      { workspace_id: "w1", label: "api work" },
    ],
    [
      ["worktree", "remove", "--workspace", "w2", "--force"],
      "worktree.remove",
      { workspace_id: "w2", force: true },
    ],
    [["tab", "get", "w1:t2"], "tab.get", { tab_id: "w1:t2" }],
    [["status"], "ping", {}],
  ])("herdr %j → %s", async (argv, method, params) => {
    const { code, sent } = await run(argv as string[], { HERDR_PANE_ID: "w3:p4" });
    expect(code).toBe(0);
    expect(sent).toEqual({ method, params });
  });

  test("what is read prints as text; a typing verb prints nothing, as herdr's CLI", async () => {
    const read = await run(["pane", "read", "w1:p2"]);
    expect([read.code, read.out]).toEqual([0, [""]]);
    const typed = await run(["pane", "send-text", "w1:p2", "hi"]);
    expect([typed.code, typed.out, typed.sent?.method]).toEqual([0, [], "pane.send_text"]);
  });

  test("an error answer goes to stderr with exit 1; a usage slip exits 2; other verbs are refused with why", async () => {
    const missing = await run(["pane", "get", "w9:p9"]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.err[0] as string).error.code).toBe("not_found");
    const usage = await run(["pane", "send-text", "w1:p2"]);
    expect([usage.code, usage.err]).toEqual([2, ["usage: herdr pane send-text <pane_id> <text>"]]);
    const other = await run(["session", "list"]);
    expect(other.code).toBe(2);
    expect(other.err[0]).toContain("'session list' is not answered here: herdr sessions are separate");
    const unknown = await run(["frobnicate"]);
    expect([unknown.code, unknown.sent]).toEqual([2, undefined]);
    expect(unknown.err[0]).toContain("'herdr --help' lists the herdr commands taw answers");
    const bare = await run([]);
    expect([bare.code, bare.err[0]]).toEqual([
      2,
      expect.stringContaining("herdr's own terminal UI is tmux here"),
    ]);
    const version = await run(["--version"]);
    expect([version.code, version.out]).toEqual([0, ["herdr 0.9.3+taw"]]);
  });

  test("--help answers as herdr's CLI: usage on stdout, exit 0, naming what is answered and what is not", async () => {
    const top = await run(["--help"]);
    expect([top.code, top.sent, top.err]).toEqual([0, undefined, []]);
    expect(top.out[0]).toContain("Usage: herdr <COMMAND>");
    expect(top.out[0]).toMatch(/\n {2}pane +.*report-agent/);
    expect(top.out[0]).toContain("session list");
    const group = await run(["agent", "-h"]);
    expect(group.code).toBe(0);
    expect(group.out[0]).toContain("Usage: herdr agent <COMMAND>");
    expect(group.out[0]).toMatch(/\n {2}explain\n/);
    expect(group.out[0]).toContain("agent attach");
    const leaf = await run(["pane", "release-agent", "--help"]);
    expect([leaf.code, leaf.out]).toEqual([
      0,
      [
        "Usage: herdr pane release-agent <pane_id> --source ID --agent LABEL [--seq N]\n\nAnswered by taw as herdr's CLI reference documents it.",
      ],
    ]);
    const refused = await run(["session", "list", "--help"]);
    expect([refused.code, refused.out[0]]).toEqual([
      0,
      expect.stringContaining("Not answered here: herdr sessions are separate"),
    ]);
    // Words past the command's own are the command's, not a help request.
    const past = await run(["pane", "get", "w1:p2", "--help"]);
    expect(past.out.join("")).not.toContain("Usage:");
  });

  test("no engine at the socket: one line saying so and how to start it", async () => {
    const gone = await run(["pane", "list"], { HERDR_SOCKET_PATH: join(tmpdir(), "no-such-taw.sock") });
    expect(gone.code).toBe(1);
    expect(gone.err[0]).toContain("start it with 'taw engine'");
  });
});
