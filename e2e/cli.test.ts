import { describe, expect, test } from "bun:test";
import { bareBin, startServer, useServers } from "./harness.ts";

const server = useServers();

describe("the CLI's answers", () => {
  test("--version and --help", async () => {
    const s = await server();
    const version = await s.taw(["--version"]);
    expect(version.stdout).toMatch(/^taw \d+\.\d+\.\d+/);
    const help = await s.taw(["--help"]);
    for (const verb of [
      "tree",
      "pane list",
      "pane read",
      "pane send-text",
      "pane send-keys",
      "status refresh",
      "open <pane>",
      "logs",
      "watch off <pane>",
      "watch on <pane>",
      "doctor",
    ]) {
      expect(help.stdout).toContain(`  ${verb}`);
    }
  });

  test("no server: a clear error, code no_server, exit 4, no stack trace", async () => {
    const s = await startServer();
    await s.kill();
    const result = await s.taw(["tree", "--json"]);
    expect(result.code).toBe(4);
    expect(result.json?.error?.code).toBe("no_server");
    const text = await s.taw(["tree"]);
    expect(text.stderr).toMatch(/^taw: no tmux server is running/);
    expect(text.stderr).not.toContain("at ");
  });

  test("tmux missing from PATH: code tmux_missing", async () => {
    const s = await server();
    const result = await s.taw(["tree", "--json"], { PATH: bareBin() });
    expect(result.json?.error?.code).toBe("tmux_missing");
    expect(result.code).toBe(4);
  });

  test("user mistakes are usage errors with exit 2 and a hint", async () => {
    const s = await server();
    const unknownVerb = await s.taw(["frobnicate"]);
    expect(unknownVerb.code).toBe(2);
    expect(unknownVerb.stderr).toContain("taw --help");
    const group = await s.taw(["pane", "--json"]);
    expect(group.json?.error?.message).toContain("'pane' needs a verb");
    const missing = await s.taw(["pane", "read", "--json"]);
    expect(missing.json?.error?.code).toBe("usage");
    const badFlag = await s.taw(["pane", "read", "%0", "--lines", "x"]);
    expect(badFlag.stderr).toContain("needs a number");
  });

  test("pane read returns the screen; --scrollback reaches into history", async () => {
    const s = await server();
    await s.run("send-keys", "-t", "main:0.0", "-l", "for i in $(seq 1 100); do echo line$i; done");
    await s.run("send-keys", "-t", "main:0.0", "Enter");
    await Bun.sleep(300);
    const screen = await s.taw(["pane", "read", "main:0.0", "--json"]);
    expect(screen.json?.result.text).toContain("line100");
    expect(screen.json?.result.text).not.toContain("line1\n");
    const history = await s.taw(["pane", "read", "main:0.0", "--scrollback", "--json"]);
    expect(history.json?.result.text).toContain("line1\n");
  });

  test("send-keys sends key names", async () => {
    const s = await server({ command: "cat" });
    await s.taw(["pane", "send-text", "main:0.0", "abc"]);
    await s.taw(["pane", "send-keys", "main:0.0", "BSpace", "Enter"]);
    await Bun.sleep(200);
    const text = (await s.taw(["pane", "read", "main:0.0", "--json"])).json?.result.text as string;
    expect(text.split("\n").slice(0, 2)).toEqual(["ab", "ab"]);
  });
});
