// taw agent explain | identify and taw manifest check, run as a user runs them: the CLI
// against a real tmux server, a real process in the pane, real files.

import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, useServers, waitFor } from "./harness.ts";

const server = useServers();
const scratch = mkdtempSync(join(tmpdir(), "taw-explain-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const SCREENS = join(ROOT, "e2e", "fixtures", "screens");
const RECORDED = join(SCREENS, "claude", "blocked-permission-bash.txt");

/** Each try is a cold taw process: on a loaded 2-core machine a few seconds apiece. */
const READ_MS = 30_000;

/** An executable named like the agent that draws a working screen and waits. */
function fakeAgent(name: string): string {
  const dir = mkdtempSync(join(scratch, "bin-"));
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\nprintf '✻ Pondering… (3s · esc to interrupt)\\n> \\n'\nsleep 60\n`);
  chmodSync(path, 0o755);
  return path;
}

describe("taw agent explain --file", () => {
  test("a recorded screen gives agent, state and rule, with every rule explained", async () => {
    const s = await server();
    const result = await s.taw(["agent", "explain", "--file", RECORDED, "--agent", "claude", "--json"]);
    expect(result.code).toBe(0);
    expect(result.json?.result).toMatchObject({
      agent: "claude",
      state: "blocked",
      rule: "permission_prompt",
    });
    const rules = result.json?.result.rules as { id: string; matched: boolean; why: string }[];
    expect(rules.length).toBeGreaterThan(3);
    expect(rules.find((r) => r.id === "permission_prompt")?.why).toContain("Do you want to proceed?");
  });

  test("the text form marks the deciding rule and prints the verdict", async () => {
    const s = await server();
    const result = await s.taw(["agent", "explain", "--file", RECORDED, "--agent", "claude"]);
    expect(result.stdout).toContain("=> permission_prompt");
    expect(result.stdout).toContain("verdict   blocked (rule permission_prompt)");
  });

  test("an unknown kind lists the known ones; an unreadable file says so", async () => {
    const s = await server();
    const unknown = await s.taw(["agent", "explain", "--file", RECORDED, "--agent", "nosuch", "--json"]);
    expect(unknown.code).toBe(2);
    expect(unknown.json?.error?.message).toContain("unknown agent kind 'nosuch'");
    expect(unknown.json?.error?.message).toContain("claude");
    const missing = await s.taw([
      "agent",
      "explain",
      "--file",
      join(scratch, "nope.txt"),
      "--agent",
      "claude",
      "--json",
    ]);
    expect(missing.json?.error?.code).toBe("file_unreadable");
    expect(missing.stderr).not.toContain(" at ");
  });
});

describe("taw agent explain: the deciding signal and the near-misses", () => {
  test("a hint in the typed prompt is a near-miss kept out by its region; the prompt decides", async () => {
    const s = await server();
    const file = join(SCREENS, "claude", "idle-hint-typed.txt");
    const result = await s.taw(["agent", "explain", "--file", file, "--agent", "claude", "--json"]);
    expect(result.json?.result).toMatchObject({
      state: "idle",
      rule: "prompt_idle",
      signal: { kind: "screen", regions: ["bottom_non_empty_lines(8)"] },
    });
    const misses = result.json?.result.nearMisses as { id: string; by: string; why: string }[];
    expect(misses.find((m) => m.id === "interrupt_hint")).toMatchObject({ by: "region" });
    expect(misses.find((m) => m.id === "interrupt_hint")?.why).toContain("what does esc to interrupt do");
    const text = await s.taw(["agent", "explain", "--file", file, "--agent", "claude"]);
    expect(text.stdout).toContain("signal    the screen, region bottom_non_empty_lines(8)");
    expect(text.stdout).toContain("near-misses");
    expect(text.stdout).toMatch(/interrupt_hint \[working, by region\]/);
  });

  test("with a custom statusLine the title's spinner decides, and says so", async () => {
    const s = await server();
    const file = join(SCREENS, "claude", "working-custom-statusline.txt");
    const args = ["agent", "explain", "--file", file, "--agent", "claude", "--title", "⠐ Stand-in session"];
    const result = await s.taw([...args, "--json"]);
    expect(result.json?.result).toMatchObject({
      state: "working",
      rule: "title_spinner",
      signal: { kind: "title" },
    });
    expect((await s.taw(args)).stdout).toContain("signal    the pane title");
  });
});

describe("taw agent explain <pane>", () => {
  test("identity from the pane's foreground process, then the rules on its screen", async () => {
    const s = await server();
    const agent = fakeAgent("claude");
    await s.run("send-keys", "-t", "main:", agent, "Enter");
    const result = await waitFor(
      async () => {
        const r = await s.taw(["agent", "explain", "main:", "--json"]);
        return r.json?.result?.state === "working" ? r : undefined;
      },
      READ_MS,
      "the fake claude to be read as working",
    );
    const explained = result.json?.result;
    expect(explained).toMatchObject({ agent: "claude", rule: "interrupt_hint" });
    expect(explained.identity).toMatchObject({ kind: "claude", via: "process" });
    expect(explained.identity.reason).toContain("claude");
  });

  test("a pane whose state came from the agent's hook names the report as the signal", async () => {
    const s = await server();
    await s.run("send-keys", "-t", "main:", fakeAgent("claude"), "Enter");
    await s.run("set-option", "-p", "-t", "main:", "@agent_source", "hook:claude");
    await s.run("set-option", "-p", "-t", "main:", "@agent_state", "blocked");
    const result = await waitFor(
      async () => {
        const r = await s.taw(["agent", "explain", "main:", "--json"]);
        return r.json?.result?.agent === "claude" ? r : undefined;
      },
      10_000,
      "the fake claude in front",
    );
    expect(result.json?.result.signal).toEqual({ kind: "report", source: "claude", state: "blocked" });
    expect((await s.taw(["agent", "explain", "main:"])).stdout).toContain(
      "signal    report from claude's hook",
    );
  });

  test("the kind hint names the agent when no process does", async () => {
    const s = await server();
    await s.run("set-option", "-p", "-t", "main:", "@agent_kind_hint", "codex");
    await s.run("send-keys", "-t", "main:", "sleep 60", "Enter");
    const result = await waitFor(
      async () => {
        const r = await s.taw(["agent", "explain", "main:", "--json"]);
        return r.json?.result?.identity ? r : undefined;
      },
      10_000,
      "an identity from the hint",
    );
    expect(result.json?.result.identity).toMatchObject({ kind: "codex", via: "hint", pid: 0 });
  });

  test("a pane with no agent reads unknown and shows what is in front", async () => {
    const s = await server();
    await s.run("send-keys", "-t", "main:", "sleep 61", "Enter");
    const result = await waitFor(
      async () => {
        const r = await s.taw(["agent", "explain", "main:", "--json"]);
        const front = r.json?.result?.foreground as { argv: string[] }[] | undefined;
        return front?.some((p) => p.argv.join(" ") === "sleep 61") ? r : undefined;
      },
      10_000,
      "sleep in front",
    );
    expect(result.json?.result).toMatchObject({ agent: null, state: "unknown" });
  });
});

describe("taw agent identify", () => {
  test("--argv looks through launchers; bad JSON is a usage error", async () => {
    const s = await server();
    const found = await s.taw([
      "agent",
      "identify",
      "--argv",
      '["env","A=1","npx","-y","@openai/codex@latest"]',
      "--json",
    ]);
    expect(found.json?.result).toMatchObject({ kind: "codex", via: "process" });
    const container = await s.taw([
      "agent",
      "identify",
      "--argv",
      '["docker","run","-it","-v","a:/b","img","claude"]',
      "--json",
    ]);
    expect(container.json?.result).toMatchObject({ kind: "claude", via: "container", container: "docker" });
    const bad = await s.taw(["agent", "identify", "--argv", "[oops", "--json"]);
    expect(bad.code).toBe(2);
    expect(bad.json?.error?.message).toContain("--argv is not valid JSON");
  });

  test("--pid reads a live process", async () => {
    const s = await server();
    const agent = fakeAgent("gemini");
    const child = Bun.spawn([agent], { stdout: "ignore" });
    try {
      const result = await s.taw(["agent", "identify", "--pid", String(child.pid), "--json"]);
      expect(result.json?.result).toMatchObject({ kind: "gemini", pid: child.pid });
    } finally {
      child.kill();
    }
  });
});

describe("taw manifest", () => {
  test("list shows the shipped agents", async () => {
    const s = await server();
    const result = await s.taw(["manifest", "list", "--json"]);
    const manifests = (result.json?.result?.manifests ?? []) as { id: string }[];
    const ids = manifests.map((m) => m.id);
    expect(ids).toContain("claude");
    expect(ids.length).toBeGreaterThanOrEqual(22);
  });

  test("check names the file, line and field of a problem; a good file passes", async () => {
    const s = await server();
    const bad = join(scratch, "broken.toml");
    writeFileSync(
      bad,
      `id = "broken"\nname = "B"\ncommand = "b"\n[[rules]]\nid = "r"\nstate = "working"\nregex = "(open"\n`,
    );
    const result = await s.taw(["manifest", "check", bad]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`${bad}:7: rules[0].regex: invalid regex`);
    const good = await s.taw(["manifest", "check", join(ROOT, "manifests", "claude.toml"), "--json"]);
    expect(good.json?.ok).toBe(true);
  });
});
