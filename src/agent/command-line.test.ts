import { describe, expect, test } from "bun:test";
import { defaultConfig } from "../config/defaults.ts";
import { manifestSet } from "../detect/manifest.ts";
import { TAW_BIN } from "../paths.ts";
import { shellLine } from "../tmux/escape.ts";
import { agentArgv, startLine } from "./command-line.ts";

describe("the line agent start types", () => {
  test("plain words stay bare; anything a shell reads is single-quoted", () => {
    expect(shellLine(["claude", "--model", "x/y:1"])).toBe("claude --model x/y:1");
    expect(shellLine(["echo", "it's $HOME; rm *"])).toBe(`echo 'it'\\''s $HOME; rm *'`);
    expect(shellLine(["a", ""])).toBe("a ''");
  });

  test("config [agents.<kind>] gives the command and its arguments, then the caller's", () => {
    const config = defaultConfig();
    config.agents.claude = { command: "/opt/claude", args: ["--verbose"] };
    expect(agentArgv("claude", manifestSet([]), config, ["--resume", "id"])).toEqual([
      "/opt/claude",
      "--verbose",
      "--resume",
      "id",
    ]);
  });

  test("an unknown kind is refused with the kinds there are", () => {
    const config = defaultConfig();
    config.agents = { codex: { command: "codex", args: [] } };
    expect(() => agentArgv("nope", manifestSet([]), config)).toThrow(
      /no agent kind 'nope'. Known kinds: codex/,
    );
  });

  test("a folder is entered first, and a sandbox runs the agent through taw sandbox", () => {
    expect(startLine(["codex"], { cwd: "/tmp/a b" })).toBe("cd -- '/tmp/a b' && codex");
    expect(startLine(["claude", "-c"], { sandbox: "box" })).toBe(`${TAW_BIN} sandbox box -- claude -c`);
  });
});
