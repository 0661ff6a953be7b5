import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

async function run(argv: string[], env: Record<string, string> = {}) {
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
  );
  return { code, out, err, taw, sent: received as Sent | undefined };
}

describe("taw as herdr's command line", () => {
  test("the report verbs and notification show run taw's verbs in taw's argv", async () => {
    const argv = ["pane", "report-agent", "--source", "hook", "--agent", "claude", "--state", "working"];
    expect((await run(argv)).taw).toEqual([argv]);
    expect((await run(["notification", "show", "done", "--body", "ok", "--sound", "none"])).taw).toEqual([
      ["notification", "show", "done", "--body", "ok"],
    ]);
  });

  test.each([
    [
      [
        "pane",
        "report-agent-session",
        "w1:p2",
        "--source",
        "herdr:qwen",
        "--agent",
        "qwen",
        "--session-start-source",
        "startup",
      ],
      ["pane", "report-agent-session", "--pane", "w1:p2", "--source", "herdr:qwen", "--agent", "qwen"],
    ],
    [
      [
        "pane",
        "report-metadata",
        "w1:p2",
        "--source",
        "s",
        "--state-label",
        "idle=Ready",
        "--clear-title",
        "--ttl-ms=5",
      ],
      ["pane", "report-metadata", "--pane", "w1:p2", "--source", "s", "--title", ""],
    ],
    [
      ["pane", "release-agent", "w1:p2", "--source", "s", "--agent", "pi"],
      ["pane", "release-agent", "--pane", "w1:p2", "--source", "s", "--agent", "pi"],
    ],
    [
      ["plugin", "action", "invoke", "layout", "--plugin", "example.smoke"],
      ["plugin", "action", "invoke", "example.smoke.layout"],
    ],
  ])("herdr's %j runs taw's %j", async (argv, tawArgv) => {
    expect((await run(argv)).taw).toEqual([tawArgv]);
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
    expect(unknown.err[0]).toContain("taw answers:");
  });

  test("no engine at the socket: one line saying so and how to start it", async () => {
    const gone = await run(["pane", "list"], { HERDR_SOCKET_PATH: join(tmpdir(), "no-such-taw.sock") });
    expect(gone.code).toBe(1);
    expect(gone.err[0]).toContain("start it with 'taw engine'");
  });
});
