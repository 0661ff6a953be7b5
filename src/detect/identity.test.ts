import { describe, expect, test } from "bun:test";
import { identify, identifyArgv } from "./identity.ts";
import { loadManifests } from "./manifest.ts";
import type { ProcessInfo } from "./types.ts";

const manifests = loadManifests({ userDir: "/nonexistent" });
const kindOf = (argv: string[]) => identifyArgv(argv, manifests)?.kind;

describe("identifyArgv", () => {
  test.each([
    [["claude"], "claude"],
    [["/usr/local/bin/Claude"], "claude"],
    [["codex.exe"], "codex"],
    [["/home/u/.npm/bin/gemini.mjs", "-p", "x"], "gemini"],
    [["node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js", "--resume"], "claude"],
    [["node", "--no-warnings", "-r", "x.js", "/opt/node_modules/@openai/codex/bin/codex.js"], "codex"],
    [["/x/node_modules/@openai/codex/vendor/x86_64-unknown-linux-musl/codex/codex-x86_64"], "codex"],
    [["/home/u/.cache/node_modules/opencode-ai/bin/opencode"], "opencode"],
    [["bun", "run", "/p/node_modules/@google/gemini-cli/dist/index.js"], "gemini"],
    [["npx", "-y", "@openai/codex@0.50.0"], "codex"],
    [["bunx", "opencode-ai@latest"], "opencode"],
    [["pnpm", "dlx", "@anthropic-ai/claude-code"], "claude"],
    [["env", "-u", "X", "FOO=1", "BAR=2", "codex", "--yolo"], "codex"],
    [["timeout", "-s", "KILL", "30m", "claude"], "claude"],
    [["nice", "-n", "10", "gemini"], "gemini"],
    [["sh", "-c", "cd '/a b' && exec claude --resume abc"], "claude"],
    [["bash", "-lc", "FOO=1 opencode"], "opencode"],
    [["zsh", "-c", "env X=1 nice codex"], "codex"],
    [["python3.12", "-m", "aider", "--model", "x"], "aider"],
    [["deno", "run", "-A", "/x/gemini.js"], "gemini"],
  ])("%j is %s", (argv, kind) => {
    expect(kindOf(argv as string[])).toBe(kind);
  });

  test.each([
    [["vim", "claude.md"]],
    [["node", "-e", "require('claude')"]],
    [["sh", "-c", "echo codex"]],
    [["bash"]],
    [["npm", "install", "-g", "@anthropic-ai/claude-code"]],
    [[]],
  ])("%j is no agent", (argv) => {
    expect(kindOf(argv as string[])).toBeUndefined();
  });

  test("wrappers are followed only to a depth limit", () => {
    const nested = Array.from({ length: 20 }, () => "nice").concat("claude");
    expect(kindOf(nested)).toBeUndefined();
    expect(kindOf(["nice", "nice", "claude"])).toBe("claude");
  });

  test("the reason says what was looked through", () => {
    const found = identifyArgv(
      ["env", "X=1", "node", "/a/node_modules/@openai/codex/bin/codex.js"],
      manifests,
    );
    expect(found?.reason).toContain("@openai/codex");
    expect(found?.reason).toContain("env → node");
  });
});

describe("containers", () => {
  test.each([
    [
      [
        "docker",
        "run",
        "--rm",
        "-it",
        "-v",
        "/src:/w",
        "-e",
        "KEY",
        "-w",
        "/w",
        "node:22",
        "claude",
        "--resume",
      ],
      "claude",
      "docker",
    ],
    [["podman", "run", "--name=agent", "--env", "A=1", "img", "codex"], "codex", "podman"],
    [["nerdctl", "container", "run", "-it", "--entrypoint", "gemini", "img"], "gemini", "nerdctl"],
    [["docker", "--context", "remote", "run", "-t", "ghcr.io/acme/opencode:1.0"], "opencode", "docker"],
    [["docker", "exec", "-it", "box", "npx", "@openai/codex"], "codex", "docker"],
  ])("%j runs %s in %s", (argv, kind, runtime) => {
    const found = identifyArgv(argv as string[], manifests);
    expect(found).toMatchObject({ kind, via: "container", container: runtime });
  });

  test("a flag's value is not taken for the image", () => {
    // `-v claude:/x` is a volume named claude, the image is alpine: no agent.
    expect(kindOf(["docker", "run", "-v", "claude:/x", "alpine", "sh"])).toBeUndefined();
    expect(kindOf(["docker", "ps"])).toBeUndefined();
  });
});

const proc = (pid: number, ppid: number, pgid: number, argv: string[]): ProcessInfo => ({
  pid,
  ppid,
  pgid,
  tpgid: pgid,
  argv,
  name: argv[0] ?? "",
});

describe("identify", () => {
  test("the group leader names the pane; its updater child does not rename it", () => {
    const group = [
      proc(100, 50, 100, ["claude"]),
      proc(101, 100, 100, [
        "node",
        "/usr/lib/node_modules/npm/bin/npm-cli.js",
        "install",
        "-g",
        "@openai/codex",
      ]),
    ];
    expect(identify(group, manifests)).toMatchObject({ kind: "claude", pid: 100, via: "process" });
  });

  test("an agent's child that is another agent's binary does not rename the pane", () => {
    const group = [proc(100, 50, 100, ["codex"]), proc(101, 100, 100, ["claude", "-p", "sub task"])];
    expect(identify(group, manifests)?.kind).toBe("codex");
  });

  test("a wrapper leading the group: the agent nearest the top wins", () => {
    const group = [
      proc(200, 50, 200, ["bash", "./run-agent.sh"]),
      proc(202, 201, 200, ["gemini"]),
      proc(201, 200, 200, ["node", "/x/node_modules/@openai/codex/bin/codex.js"]),
    ];
    expect(identify(group, manifests)).toMatchObject({ kind: "codex", pid: 201 });
  });

  test("an unreadable argv falls back to the kernel's name", () => {
    const group = [{ ...proc(300, 1, 300, []), name: "opencode" }];
    expect(identify(group, manifests)?.kind).toBe("opencode");
  });

  test("the kind hint names the agent when no process does, and only then", () => {
    const shell = [proc(400, 1, 400, ["bash"])];
    expect(identify(shell, manifests, "codex")).toMatchObject({ kind: "codex", pid: 0, via: "hint" });
    expect(identify(shell, manifests)).toBeUndefined();
    expect(identify(shell, manifests, "not-an-agent")).toBeUndefined();
    expect(identify([proc(1, 0, 1, ["claude"])], manifests, "codex")?.kind).toBe("claude");
  });

  test("a container in front is reported with its runtime", () => {
    const group = [proc(500, 1, 500, ["docker", "run", "-it", "img", "claude"])];
    expect(identify(group, manifests)).toMatchObject({
      kind: "claude",
      via: "container",
      container: "docker",
    });
  });
});
