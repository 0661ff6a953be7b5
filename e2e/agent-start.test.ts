// agent start, wait and send-keys from the CLI on real tmux servers, with fake agents
// (e2e/fake-agent) that the process table names as claude and codex.

import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { option } from "./fake-agent/helpers.ts";
import { prepareScene, type Scene } from "./fake-agent-min/setup.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";

/** Real shells, a Bun fake agent per start and an engine: well past bun's 5 s default. */
const TEST_TIMEOUT_MS = 60_000;
const server = useServers();
const scenes: Scene[] = [];
afterEach(() => {
  for (const scene of scenes.splice(0)) scene.cleanup();
});

async function scene(): Promise<{
  s: TestServer;
  sc: Scene;
  taw: (args: string[]) => ReturnType<TestServer["taw"]>;
}> {
  const s = await server();
  const sc = await prepareScene(s);
  scenes.push(sc);
  // --json before any `--`: what follows that is the agent's.
  const withJson = (args: string[]) => {
    const end = args.indexOf("--");
    return end < 0 ? [...args, "--json"] : [...args.slice(0, end), "--json", ...args.slice(end)];
  };
  return { s, sc, taw: (args) => s.taw(withJson(args), sc.env) };
}

/** Every pane on the server, one line each: what a refused start must leave as it was. */
const allPanes = (s: TestServer, format = "#{pane_id}") => s.run("list-panes", "-a", "-F", format);

/** A process's argv (the fake agents are bun scripts named for their kind). */
const argvOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0$/, "").split("\0");

describe("agent start", () => {
  test(
    "[herdr] protocol: 'agents' gives the agent herdr's whole environment, 'off' none",
    async () => {
      const { sc, taw } = await scene();
      const config = join(sc.configDir, "config.toml");
      const base = readFileSync(config, "utf8");
      writeFileSync(config, `${base}\n[herdr]\nprotocol = "agents"\n`);
      const all = (await taw(["agent", "start", "--kind", "codex"])).json?.result;
      const environ = readFileSync(`/proc/${all.started.pid}/environ`, "utf8").split("\0");
      expect(environ).toContain("HERDR_ENV=1");
      expect(environ).toContain(`HERDR_PANE_ID=${all.pane_id}`);
      expect(environ.find((line) => line.startsWith("HERDR_SOCKET_PATH="))).toMatch(/\.sock$/);

      writeFileSync(config, `${base}\n[herdr]\nprotocol = "off"\n`);
      const none = (await taw(["agent", "start", "--kind", "codex"])).json?.result;
      expect(none.started.line).toBe("codex");
      const bare = readFileSync(`/proc/${none.started.pid}/environ`, "utf8").split("\0");
      expect(bare.filter((line) => line.startsWith("HERDR_"))).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a start that resumes a conversation (codex resume <id>) records the id from the manifest's resume template",
    async () => {
      const { s, taw } = await scene();
      const started = await taw(["agent", "start", "--kind", "codex", "--", "resume", "0199-abc-def"]);
      expect(started.json?.error).toBeUndefined();
      const pane = started.json?.result.tmux_id as string;
      expect(started.json?.result.started.line).toEndWith(" codex resume 0199-abc-def");
      expect(await option(s, pane, "@agent_session_id")).toBe("0199-abc-def");
      try {
        // `agent get` starts an engine; it takes the agent on with the id kept.
        const got = await taw(["agent", "get", pane]);
        expect(got.json?.result.agent.kind).toBe("codex");
        expect(got.json?.result.agent.session_id).toBe("0199-abc-def");
        await waitFor(
          async () => (await option(s, pane, "@agent_kind")) === "codex",
          15_000,
          "codex taken on",
        );
        expect(await option(s, pane, "@agent_session_id")).toBe("0199-abc-def");

        const plain = await taw(["agent", "start", "--kind", "codex", "--", "exec", "resume-later"]);
        expect(await option(s, plain.json?.result.tmux_id, "@agent_session_id")).toBe("");
      } finally {
        await taw(["engine", "stop"]);
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "two kinds start from the CLI: a window and a split, each identified, hinted and marked as being taken",
    async () => {
      const { s, taw } = await scene();
      const claude = await taw(["agent", "start", "--kind", "claude", "--name", "alpha"]);
      expect(claude.json?.error).toBeUndefined();
      const record = claude.json?.result;
      expect(record.agent.kind).toBe("claude");
      expect(record.agent.name).toBe("alpha");
      expect(record.started.identified_by).toBe("process");
      expect(record.window_index).toBe(1); // a new window beside the first
      const pane = record.tmux_id as string;
      expect(await option(s, pane, "@agent_kind_hint")).toBe("claude");
      expect(await option(s, pane, "@agent_acquiring")).toBe("taken");
      const pid = Number(await option(s, pane, "@agent_pid"));
      expect(argvOf(pid).join(" ")).toContain("/claude");

      const codex = await taw([
        "agent",
        "start",
        "--kind",
        "codex",
        "--target",
        "split",
        "--pane",
        pane,
        "--",
        "--flag",
        "two words",
      ]);
      expect(codex.json?.error).toBeUndefined();
      const split = codex.json?.result;
      expect(split.agent.kind).toBe("codex");
      expect(split.window_index).toBe(1); // split beside alpha, in its window
      // herdr's pane ids go in front of the command ([herdr] protocol = "always", the default).
      const ids = `HERDR_WORKSPACE_ID=w0 HERDR_TAB_ID=${split.tab_id} HERDR_PANE_ID=${split.pane_id}`;
      expect(split.started.line).toBe(`${ids} codex --flag 'two words'`);
      const codexPid = Number(await option(s, split.tmux_id, "@agent_pid"));
      expect(argvOf(codexPid).slice(-2)).toEqual(["--flag", "two words"]);
      const environ = readFileSync(`/proc/${codexPid}/environ`, "utf8").split("\0");
      expect(environ).toContain(`HERDR_PANE_ID=${split.pane_id}`);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "an idle shell pane given with --pane is typed into; a busy one is refused and left alone",
    async () => {
      const { s, sc, taw } = await scene();
      // A pane made by a tmux client that is not attached gets that client's environment.
      const made = await s.run(
        "new-window",
        "-d",
        "-P",
        "-F",
        "#{pane_id}",
        "env",
        `PATH=${sc.env.PATH}`,
        "sh",
      );
      const pane = made.trim();
      const started = await taw(["agent", "start", "--kind", "codex", "--pane", pane, "--cwd", "/tmp"]);
      expect(started.json?.error).toBeUndefined();
      expect(started.json?.result.tmux_id).toBe(pane);
      expect(started.json?.result.started.line).toMatch(
        /^cd -- \/tmp && HERDR_WORKSPACE_ID=w0 \S+ \S+ codex$/,
      );
      const busy = await taw(["agent", "start", "--kind", "claude", "--pane", pane]);
      expect(busy.json?.error?.code).toBe("pane_busy");
      expect(busy.json?.error?.message).toContain("not waiting at a shell prompt");
      expect(await option(s, pane, "@agent_kind_hint")).toBe("codex");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a command that is not there: agent_not_started quoting the shell, and the pane's marks taken off",
    async () => {
      const { s, taw } = await scene();
      const result = await taw(["agent", "start", "--kind", "ghost", "--name", "boo"]);
      expect(result.code).toBe(1);
      expect(result.json?.error?.code).toBe("agent_not_started");
      expect(result.json?.error?.message).toMatch(/shell is back at the prompt.*no-such-agent-for-taw/);
      const panes = (
        await s.run("list-panes", "-a", "-F", "#{pane_id}\t#{@agent_kind_hint}\t#{@agent_name}")
      ).trim();
      expect(panes).not.toContain("ghost");
      expect(panes).not.toContain("boo");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "refusals change nothing: unknown kind, name taken, bad name, bad target",
    async () => {
      const { s, taw } = await scene();
      const before = await allPanes(s);
      const unknown = await taw(["agent", "start", "--kind", "nope"]);
      expect(unknown.json?.error?.code).toBe("unknown_kind");
      expect(unknown.json?.error?.message).toMatch(/no agent kind 'nope'. Known kinds: .*claude.*codex/);
      const badName = await taw(["agent", "start", "--kind", "claude", "--name", "Bad Name"]);
      expect(badName.json?.error?.code).toBe("usage");
      const badTarget = await taw(["agent", "start", "--kind", "claude", "--target", "tab"]);
      expect(badTarget.json?.error?.message).toContain("--target must be one of window, split, session");
      const noKind = await taw(["agent", "start"]);
      expect(noKind.json?.error?.message).toContain("missing the agent kind");
      expect(await allPanes(s)).toBe(before);

      expect((await taw(["agent", "start", "--kind", "claude", "--name", "alpha"])).json?.ok).toBe(true);
      const after = await allPanes(s);
      const taken = await taw(["agent", "start", "--kind", "codex", "--name", "alpha"]);
      expect(taken.json?.error?.code).toBe("name_taken");
      expect(taken.json?.error?.message).toContain("'alpha' is already used");
      expect(await allPanes(s)).toBe(after);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the kind as the first word: agent start codex is --kind codex; an unknown word or a second kind is refused",
    async () => {
      const { s, taw } = await scene();
      const before = await allPanes(s);
      const unknown = await taw(["agent", "start", "nope"]);
      expect(unknown.json?.error?.code).toBe("usage");
      expect(unknown.json?.error?.message).toMatch(
        /'nope' is not an agent kind. Known kinds: .*claude.*codex/,
      );
      const both = await taw(["agent", "start", "codex", "--kind", "claude"]);
      expect(both.json?.error?.code).toBe("usage");
      expect(both.json?.error?.message).toContain("'codex' and --kind claude disagree");
      expect(await allPanes(s)).toBe(before);

      const started = await taw(["agent", "start", "codex", "--", "resume", "0199-abc"]);
      expect(started.json?.error).toBeUndefined();
      expect(started.json?.result.started).toMatchObject({
        kind: "codex",
        argv: ["codex", "resume", "0199-abc"],
      });
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "--target session makes a session named for the agent",
    async () => {
      const { s, taw } = await scene();
      const result = await taw([
        "agent",
        "start",
        "--kind",
        "claude",
        "--target",
        "session",
        "--name",
        "solo",
      ]);
      expect(result.json?.result.session).toBe("solo");
      expect(await s.run("list-sessions", "-F", "#{session_name}")).toContain("solo");
      // Without a name the session is named for the kind; a second one is refused by name.
      expect(
        (await taw(["agent", "start", "--kind", "codex", "--target", "session"])).json?.result.session,
      ).toBe("codex");
      const again = await taw(["agent", "start", "--kind", "codex", "--target", "session"]);
      expect(again.json?.error?.code).toBe("session_exists");
      expect(again.json?.error?.message).toContain("a session named 'codex' already exists");
    },
    TEST_TIMEOUT_MS,
  );
});

describe("agent start: names, folders and failed starts", () => {
  test(
    "--pane takes an agent's name, as the README shows",
    async () => {
      const { taw } = await scene();
      const alpha = (await taw(["agent", "start", "--kind", "claude", "--name", "alpha"])).json?.result;
      const split = await taw(["agent", "start", "--kind", "codex", "--target", "split", "--pane", "alpha"]);
      expect(split.json?.error).toBeUndefined();
      expect(split.json?.result.window_index).toBe(alpha.window_index);
      // Alone, --pane alpha names a pane that is busy with its agent: refused by its id and name.
      const busy = await taw(["agent", "start", "--kind", "codex", "--pane", "alpha"]);
      expect(busy.json?.error?.code).toBe("pane_busy");
      expect(busy.json?.error?.message).toContain(`pane ${alpha.pane_id} (alpha) is running`);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a --cwd that does not exist is an error naming it, and nothing is made",
    async () => {
      const { s, taw } = await scene();
      const before = await allPanes(s);
      for (const target of ["window", "split", "session"]) {
        const result = await taw([
          "agent",
          "start",
          "--kind",
          "claude",
          "--target",
          target,
          "--cwd",
          "/no/such/taw-dir",
        ]);
        expect(result.code).toBe(3);
        expect(result.json?.error?.code).toBe("cwd_not_found");
        expect(result.json?.error?.message).toContain("'/no/such/taw-dir' does not exist");
      }
      expect(await allPanes(s)).toBe(before);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a failed start removes the window, split or session it made",
    async () => {
      const slots = "#{session_name}:#{window_index}.#{pane_index}";
      const { s, taw } = await scene();
      const before = await allPanes(s, slots);
      for (const target of ["window", "split", "session"]) {
        const result = await taw(["agent", "start", "--kind", "ghost", "--target", target, "--name", "boo"]);
        expect(result.json?.error?.code).toBe("agent_not_started");
      }
      expect(await allPanes(s, slots)).toBe(before);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("driving a started agent", () => {
  test(
    "prompt it, wait for done, send keys and rename it by name, kill it",
    async () => {
      const { s, taw } = await scene();
      const engine = await taw(["engine"]);
      expect(engine.json?.error).toBeUndefined();
      try {
        const alpha = (await taw(["agent", "start", "--kind", "claude", "--name", "alpha"])).json?.result;
        const other = (await taw(["agent", "start", "--kind", "codex", "--name", "beta"])).json?.result;
        expect(other.agent.kind).toBe("codex");
        // The engine reads the fake's fresh screen as idle.
        const ready = await taw(["agent", "wait", "alpha", "--until", "idle", "--timeout", "20"]);
        expect(ready.json?.error).toBeUndefined();
        expect(ready.json?.result.state).toBe("idle");

        // The fake agent shows a recorded working screen on the cue "working"...
        const prompt = await taw(["agent", "prompt", alpha.pane_id, "working"]);
        expect(prompt.json?.error).toBeUndefined();
        await waitFor(
          async () => (await option(s, alpha.tmux_id, "@agent_state")) === "working",
          15_000,
          "working",
        );
        // ...and its idle screen on "idle": a finished turn nobody looked at is done.
        const keys = await taw(["agent", "send-keys", "@alpha", "--text", "idle", "Enter"]);
        expect(keys.json?.result.tmux_id).toBe(alpha.tmux_id);
        const done = await taw(["agent", "wait", "alpha", "--until", "done", "--timeout", "20"]);
        expect(done.json?.result.state).toBe("done");

        const nudged = (await s.run("show-options", "-gqv", "@agent_wizard_nudge")).trim();
        const renamed = await taw(["agent", "rename", alpha.pane_id, "gamma"]);
        expect(renamed.json?.error).toBeUndefined();
        expect(await option(s, alpha.tmux_id, "@agent_name")).toBe("gamma");
        // --clear takes the name off; a name and --clear together are a usage error.
        expect((await taw(["agent", "rename", "gamma", "--clear", "delta"])).code).toBe(2);
        const cleared = await taw(["agent", "rename", "gamma", "--clear"]);
        expect(cleared.json?.result).toMatchObject({ name: null, previous: "gamma" });
        expect(await option(s, alpha.tmux_id, "@agent_name")).toBe("");
        expect((await taw(["agent", "rename", alpha.pane_id, "gamma"])).json?.error).toBeUndefined();
        // Moved, so a resting engine or a reading dashboard looks at once.
        expect((await s.run("show-options", "-gqv", "@agent_wizard_nudge")).trim()).not.toBe(nudged);
        const gone = await taw(["agent", "kill", alpha.pane_id]);
        expect(gone.json?.error).toBeUndefined();
        const panes = await allPanes(s);
        expect(panes).not.toContain(alpha.tmux_id);
      } finally {
        await taw(["engine", "stop"]);
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "prompt --wait returns when the turn it started ends, not at the idle it was typed into",
    async () => {
      const { s, taw } = await scene();
      await taw(["engine"]);
      try {
        const alpha = (await taw(["agent", "start", "--kind", "claude", "--name", "alpha"])).json?.result;
        expect(
          (await taw(["agent", "wait", "alpha", "--until", "idle", "--timeout", "20"])).json?.result.state,
        ).toBe("idle");
        const prompted = taw(["agent", "prompt", "alpha", "working", "--wait", "--timeout", "30"]);
        await waitFor(
          async () => (await option(s, alpha.tmux_id, "@agent_state")) === "working",
          15_000,
          "working",
        );
        await s.run("send-keys", "-t", alpha.tmux_id, "idle", "Enter");
        const result = (await prompted).json;
        expect(result?.error).toBeUndefined();
        expect(result?.result.sent).toBe("working".length);
        expect(result?.result.wait.state).toBe("done");
      } finally {
        await taw(["engine", "stop"]);
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "wait: a timeout says what the agent was doing; bad states and no engine are refused",
    async () => {
      const { s, taw } = await scene();
      await taw(["agent", "start", "--kind", "claude", "--name", "alpha"]);
      // A verb starts an engine when none runs, unless the user turned it off.
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      const noEngine = await taw(["agent", "wait", "alpha"]);
      expect(noEngine.json?.error?.code).toBe("no_engine");
      const badState = await taw(["agent", "wait", "alpha", "--until", "finished"]);
      expect(badState.json?.error?.message).toContain("'finished' is none of them");
      await taw(["engine"]);
      try {
        const timeout = await taw(["agent", "wait", "alpha", "--until", "blocked", "--timeout", "1"]);
        expect(timeout.code).toBe(5);
        expect(timeout.json?.error?.code).toBe("wait_timeout");
        expect(timeout.json?.error?.message).toMatch(/was still \S+ after 1 s \(waited for blocked\)/);
      } finally {
        await taw(["engine", "stop"]);
      }
    },
    TEST_TIMEOUT_MS,
  );
});
