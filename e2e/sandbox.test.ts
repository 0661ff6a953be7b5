// taw sandbox and agent start --sandbox, through a fake container runtime on PATH that
// records its arguments and runs the agent it was given (e2e/fake-agent-min/runtime.ts).

import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { option } from "./fake-agent/helpers.ts";
import { FAKE_IMAGE } from "./fake-agent-min/runtime.ts";
import { prepareScene, type Scene } from "./fake-agent-min/setup.ts";
import { bareBin, useServers, waitFor } from "./harness.ts";

/** Real shells, a Bun fake agent per start and an engine: well past bun's 5 s default. */
const TEST_TIMEOUT_MS = 60_000;
const server = useServers();
const scenes: Scene[] = [];
afterEach(() => {
  for (const scene of scenes.splice(0)) scene.cleanup();
});

async function scene() {
  const s = await server();
  const sc = await prepareScene(s);
  scenes.push(sc);
  return { s, sc };
}

const argvOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0$/, "").split("\0");

describe("sandboxes", () => {
  test(
    "a sandboxed start that fails takes its marks off the pane it was given, the sandbox's too",
    async () => {
      const { s, sc } = await scene();
      const pane = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
      const result = await s.taw(
        ["agent", "start", "--kind", "ghost", "--sandbox", "box", "--pane", pane, "--name", "boo", "--json"],
        sc.env,
      );
      expect(result.json?.error?.code).toBe("agent_not_started");
      for (const mark of ["@agent_sandbox", "@agent_kind_hint", "@agent_acquiring", "@agent_name"])
        expect(`${mark}=${await option(s, pane, mark)}`).toBe(`${mark}=`);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "agent start --sandbox: the runtime becomes the pane's process, runs the agent with the worktree mounted, and the pane is marked",
    async () => {
      const { s, sc } = await scene();
      const result = await s.taw(
        ["agent", "start", "--kind", "claude", "--sandbox", "box", "--cwd", sc.root, "--json"],
        sc.env,
      );
      expect(result.json?.error).toBeUndefined();
      const record = result.json?.result;
      expect(record.started.identified_by).toBe("process");
      expect(record.started.line).toMatch(/bin\/taw sandbox box -- claude$/);
      const pane = record.tmux_id as string;

      // exec kept the pid taw sandbox marked the pane with: it is now the runtime.
      const sandboxPid = Number(await option(s, pane, "@agent_sandbox_pid"));
      expect(await option(s, pane, "@agent_sandbox")).toBe("box");
      expect(Number(await option(s, pane, "@agent_pid"))).toBe(sandboxPid);
      expect(argvOf(sandboxPid).join(" ")).toContain(
        `/docker run --rm -i -t -v ${sc.root}:${sc.root} -w ${sc.root}`,
      );
      // It has taw's environment as taw holds it: the launcher's allocator setting taken out.
      const environ = readFileSync(`/proc/${sandboxPid}/environ`, "utf8").split("\0");
      expect(environ.some((entry) => entry.startsWith("PATH="))).toBe(true);
      expect(environ.filter((entry) => /^(MIMALLOC_|TAW_SET_)/.test(entry))).toEqual([]);

      const args = readFileSync(sc.runtimeLog, "utf8").trim().split("\n");
      expect(args.slice(1, 4)).toEqual(["run", "--rm", "-i"]);
      expect(args).toContain("TAW_TEST_PASSED"); // passed through by name, never by value
      expect(args.join(" ")).not.toContain("TAW_TEST_PASSED=yes");
      expect(args.slice(-4)).toEqual(["--network", "none", FAKE_IMAGE, "claude"]);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the engine recognises the agent inside the container as its kind",
    async () => {
      const { s, sc } = await scene();
      await s.taw(["engine", "--json"], sc.env);
      try {
        const result = await s.taw(
          ["agent", "start", "--kind", "codex", "--sandbox", "box", "--json"],
          sc.env,
        );
        const pane = result.json?.result.tmux_id as string;
        await waitFor(
          async () => (await option(s, pane, "@agent_kind")) === "codex",
          15_000,
          "@agent_kind codex",
        );
        const pid = Number(await option(s, pane, "@agent_pid"));
        const identified = await s.taw(["agent", "identify", "--pid", String(pid), "--json"], sc.env);
        expect(identified.json?.result).toMatchObject({
          kind: "codex",
          via: "container",
          container: "docker",
        });
      } finally {
        await s.taw(["engine", "stop", "--json"], sc.env);
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "@agent_container names the runtime while the container is in front, and goes when it ends",
    async () => {
      const { s, sc } = await scene();
      await s.taw(["engine", "--json"], sc.env);
      try {
        const result = await s.taw(
          ["agent", "start", "--kind", "claude", "--sandbox", "box", "--json"],
          sc.env,
        );
        const pane = result.json?.result.tmux_id as string;
        await waitFor(
          async () => (await option(s, pane, "@agent_container")) === "docker",
          15_000,
          "@agent_container",
        );
        expect(await option(s, pane, "@agent_kind")).toBe("claude");
        process.kill(Number(await option(s, pane, "@agent_sandbox_pid")), "SIGTERM");
        await waitFor(
          async () => (await option(s, pane, "@agent_container")) === "",
          15_000,
          "@agent_container to go",
        );
      } finally {
        await s.taw(["engine", "stop", "--json"], sc.env);
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "taw sandbox --dry-run prints the runtime's command line; unknown profiles and missing agents are refused",
    async () => {
      const { s, sc } = await scene();
      const dry = await s.taw(
        ["sandbox", "box", "--dry-run", "--json", "--", "claude", "--resume", "a b"],
        sc.env,
      );
      expect(dry.json?.result.argv.slice(0, 3)).toEqual(["docker", "run", "--rm"]);
      expect(dry.json?.result.argv.slice(-4)).toEqual([FAKE_IMAGE, "claude", "--resume", "a b"]);

      const unknown = await s.taw(["sandbox", "nope", "--json", "--", "claude"], sc.env);
      expect(unknown.json?.error?.code).toBe("unknown_sandbox_profile");
      expect(unknown.json?.error?.message).toContain("no sandbox profile 'nope'. Profiles: default, box;");
      const noAgent = await s.taw(["sandbox", "box", "--json"], sc.env);
      expect(noAgent.json?.error?.message).toContain("missing the agent to run");
      const startUnknown = await s.taw(
        ["agent", "start", "--kind", "claude", "--sandbox", "nope", "--json"],
        sc.env,
      );
      expect(startUnknown.json?.error?.code).toBe("unknown_sandbox_profile");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a runtime that is not installed is named",
    async () => {
      const { s, sc } = await scene();
      const result = await s.taw(["sandbox", "box", "--json", "--", "claude"], {
        ...sc.env,
        PATH: bareBin(),
      });
      expect(result.json?.error?.code).toBe("sandbox_runtime_missing");
      expect(result.json?.error?.message).toContain("'docker' is not on PATH");
    },
    TEST_TIMEOUT_MS,
  );
});
