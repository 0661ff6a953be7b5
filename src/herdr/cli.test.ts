import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { herdrMain } from "./cli.ts";

// A socket that answers each request with the request itself, so the test sees what was sent.
const path = join(mkdtempSync(join(tmpdir(), "taw-herdr-cli-")), "echo.sock");
const echo = createServer((socket) => {
  socket.setEncoding("utf8");
  socket.on("data", (line: string) => {
    const request = JSON.parse(line);
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
  const sent = out[0] ? JSON.parse(out[0]).result : undefined;
  return { code, out, err, taw, sent };
}

describe("taw as herdr's command line", () => {
  test("the report verbs and notification show run taw's verbs with the same argv", async () => {
    const argv = ["pane", "report-agent", "--source", "hook", "--agent", "claude", "--state", "working"];
    expect((await run(argv)).taw).toEqual([argv]);
    expect((await run(["notification", "show", "done", "--body", "ok"])).taw).toEqual([
      ["notification", "show", "done", "--body", "ok"],
    ]);
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
    [["tab", "get", "w1:t2"], "tab.get", { tab_id: "w1:t2" }],
    [["status"], "ping", {}],
  ])("herdr %j → %s", async (argv, method, params) => {
    const { code, sent } = await run(argv as string[], { HERDR_PANE_ID: "w3:p4" });
    expect(code).toBe(0);
    expect(sent).toEqual({ type: "echo", method, params });
  });

  test("an error answer goes to stderr with exit 1; a usage slip exits 2; other verbs are named as not answered", async () => {
    const missing = await run(["pane", "get", "w9:p9"]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.err[0] as string).error.code).toBe("not_found");
    const usage = await run(["pane", "send-text", "w1:p2"]);
    expect([usage.code, usage.err]).toEqual([2, ["usage: herdr pane send-text <pane_id> <text>"]]);
    const other = await run(["plugin", "list"]);
    expect(other.code).toBe(2);
    expect(other.err[0]).toContain("'plugin list' is not answered here");
  });

  test("no engine at the socket: one line saying so and how to start it", async () => {
    const gone = await run(["pane", "list"], { HERDR_SOCKET_PATH: join(tmpdir(), "no-such-taw.sock") });
    expect(gone.code).toBe(1);
    expect(gone.err[0]).toContain("start it with 'taw engine'");
  });
});
