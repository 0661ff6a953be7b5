import { describe, expect, test } from "bun:test";
import type { TawError } from "../errors.ts";
import { findProfile, runArgv, type SandboxProfile } from "./profile.ts";

const profile: SandboxProfile = {
  runtime: "podman",
  image: "ghcr.io/me/agents:1",
  mounts: ["~/.claude:/root/.claude", "/data:/data:ro"],
  env: ["ANTHROPIC_API_KEY", "UNSET_ONE"],
  args: ["--network", "host"],
};

describe("sandbox run argv", () => {
  test("the worktree is mounted at its own path and is the working folder", () => {
    const argv = runArgv(
      profile,
      {
        cwd: "/src/app/sub",
        workTree: "/src/app",
        env: { TERM: "xterm-256color", ANTHROPIC_API_KEY: "k" },
        tty: true,
        home: "/home/u",
      },
      ["claude", "--resume", "x y"],
    );
    expect(argv).toEqual([
      "podman",
      "run",
      "--rm",
      "-i",
      "-t",
      "-v",
      "/src/app:/src/app",
      "-w",
      "/src/app/sub",
      "-v",
      "/home/u/.claude:/root/.claude",
      "-v",
      "/data:/data:ro",
      "-e",
      "TERM",
      "-e",
      "ANTHROPIC_API_KEY",
      "--network",
      "host",
      "ghcr.io/me/agents:1",
      "claude",
      "--resume",
      "x y",
    ]);
  });

  test("a linked worktree brings its shared git folder; no terminal, no -t; values never on the command line", () => {
    const argv = runArgv(
      { ...profile, mounts: [], args: [] },
      {
        cwd: "/w/x",
        workTree: "/w/x",
        gitCommonDir: "/src/app/.git",
        env: { ANTHROPIC_API_KEY: "secret" },
        tty: false,
      },
      ["codex"],
    );
    expect(argv).not.toContain("-t");
    expect(argv.join(" ")).toContain("-v /src/app/.git:/src/app/.git");
    expect(argv.join(" ")).not.toContain("secret");
    expect(argv.slice(-2)).toEqual(["ghcr.io/me/agents:1", "codex"]);
  });

  test("no agent, an unknown profile, or a profile without an image is refused by name", () => {
    expect(() => runArgv(profile, { cwd: "/", workTree: "/", env: {}, tty: false }, [])).toThrow(
      /missing the agent/,
    );
    expect(() => findProfile({ default: profile }, "nope")).toThrow(
      /no sandbox profile 'nope'. Profiles: default/,
    );
    expect(() => findProfile({}, "nope")).toThrow(/\[sandbox.profiles.<name>\]/);
    try {
      findProfile({ p: { ...profile, image: "" } }, "p");
      throw new Error("accepted a profile without an image");
    } catch (error) {
      expect((error as TawError).code).toBe("bad_sandbox_profile");
    }
  });

  test("a built-in default profile stands in until config.toml defines one of that name", () => {
    const builtin = findProfile({}, "default");
    expect(builtin.image).toBe("node:lts");
    expect(builtin.mounts).toEqual([]);
    const argv = runArgv(
      { ...builtin, runtime: "docker" },
      { cwd: "/w", workTree: "/w", env: { ANTHROPIC_API_KEY: "k" }, tty: false },
      ["claude"],
    );
    expect(argv).toEqual([
      "docker",
      "run",
      "--rm",
      "-i",
      "-v",
      "/w:/w",
      "-w",
      "/w",
      "-e",
      "ANTHROPIC_API_KEY",
      "node:lts",
      "claude",
    ]);
    // Yours replaces it whole.
    expect(findProfile({ default: profile }, "default")).toBe(profile);
    expect(() => findProfile({}, "nope")).toThrow(/Profiles: default;/);
  });
});
