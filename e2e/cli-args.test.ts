// The CLI's words as users type them: every verb refuses words it does not take, a group's
// --help lists its verbs, and -L/-S/--json go anywhere, as tmux's own flags do.

import { describe, expect, test } from "bun:test";
import { runTaw, userEnv, useServers } from "./harness.ts";

const server = useServers();

describe("the CLI's arguments", () => {
  test("a misspelt verb word is a usage error, and nothing starts", async () => {
    const s = await server();
    const typo = await s.taw(["engine", "stpo"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("'stpo'");
    expect(typo.stderr).toContain("Usage: taw engine");
    expect(typo.stderr).not.toContain("at ");
    const json = await s.taw(["engine", "stpo", "--json"]);
    expect(json.json?.error?.code).toBe("usage");
    await Bun.sleep(1000);
    expect((await s.run("show-options", "-gqv", "@agent_wizard_engine")).trim()).toBe("");
  });

  test("extra words after a verb's own are refused, naming the word", async () => {
    const s = await server();
    for (const argv of [
      ["tree", "extra"],
      ["pane", "read", "main:0.0", "surplus"],
      ["agent", "start", "claude", "extra"],
    ]) {
      const result = await s.taw(argv);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`unexpected argument '${argv.at(-1)}'`);
    }
    const missing = await s.taw(["agent", "rename", "main:0.0"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("missing <name>");
  });

  test("--version and help refuse a word after them, naming it; help <verb> is <verb> --help", async () => {
    for (const argv of [
      ["--version", "extra"],
      ["-L", "work", "--version", "extra"],
      ["version", "extra"],
      ["help", "extra"],
      ["--help", "extra"],
    ]) {
      const result = await runTaw(argv, userEnv());
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("'extra'");
    }
    expect((await runTaw(["--version"], userEnv())).stdout).toMatch(/^taw \S+\n$/);
    // The flags every verb takes may stand before it, as before a verb.
    expect((await runTaw(["-L", "work", "--version"], userEnv())).stdout).toMatch(/^taw \S+\n$/);
    const help = await runTaw(["help", "agent"], userEnv());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: taw agent <verb>");
  });

  test("a group's --help lists its verbs with their summaries", async () => {
    const s = await server();
    const agent = await s.taw(["agent", "--help"]);
    expect(agent.code).toBe(0);
    for (const verb of ["agent list", "agent prompt <pane>", "agent kill <pane>", "agent wait <agent>"]) {
      expect(agent.stdout).toContain(`  ${verb}`);
    }
    expect(agent.stdout).toContain("close an agent's pane");
    const worktree = await s.taw(["worktree", "-h"]);
    expect(worktree.code).toBe(0);
    expect(worktree.stdout).toContain("  worktree create");
    expect((await s.taw(["engine", "--help"])).stdout).toContain("  engine stop");
  });

  test("-L, -S and --json go before the verb as well as after it", async () => {
    const s = await server();
    // No TAW_TMUX_NAME: the server is chosen by -L alone.
    const env = userEnv({ TAW_TMUX_NAME: "", TAW_TMUX_SOCKET: "" });
    const tree = await runTaw(["-L", s.name, "tree"], env);
    expect(tree.stderr).toBe("");
    expect(tree.code).toBe(0);
    expect(tree.stdout).toContain("main");
    const socket = (await s.run("display-message", "-p", "#{socket_path}")).trim();
    const list = await runTaw(["--json", "-S", socket, "pane", "list"], env);
    expect(list.json?.ok).toBe(true);
    expect(list.json?.result).toHaveLength(1);
    const between = await runTaw(["pane", `--socket-name=${s.name}`, "list", "--json"], env);
    expect(between.json?.result).toHaveLength(1);
  });

  test("pane read --lines N gives the last N lines; --scrollback reaches into history", async () => {
    const s = await server();
    await s.run("send-keys", "-t", "main:0.0", "-l", "for i in $(seq 1 100); do echo line$i; done");
    await s.run("send-keys", "-t", "main:0.0", "Enter");
    await Bun.sleep(300);
    const five = await s.taw(["pane", "read", "main:0.0", "--lines", "5"]);
    expect(five.code).toBe(0);
    const lines = five.stdout.replace(/\n$/, "").split("\n");
    expect(lines).toHaveLength(5);
    expect(lines.slice(0, 4)).toEqual(["line97", "line98", "line99", "line100"]);
    const history = await s.taw(["pane", "read", "main:0.0", "--scrollback", "--json"]);
    expect(history.json?.result.text).toContain("line1\nline2\n");
    const zero = await s.taw(["pane", "read", "main:0.0", "--lines", "0"]);
    expect(zero.code).toBe(2);
  });
});
