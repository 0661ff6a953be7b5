// Agent reports with no engine running: each is one tmux invocation, checked inside tmux.

import { describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { paneWrite } from "../src/watch/writes.ts";
import { option } from "./fake-agent/helpers.ts";
import { type TestServer, useServers } from "./harness.ts";

const TEST_MS = 20_000;
const server = useServers();

const report = (s: TestServer, pane: string, ...args: string[]) =>
  s.taw([
    "pane",
    "report-agent",
    "--pane",
    pane,
    "--source",
    "hook-a",
    "--agent",
    "claude",
    ...args,
    "--json",
  ]);

async function firstPane(s: TestServer): Promise<string> {
  return (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
}

describe("agent reports", () => {
  test(
    "report-agent records the agent, its state and its owner",
    async () => {
      const s = await server();
      const pane = await firstPane(s);
      const result = await report(
        s,
        pane,
        "--state",
        "working",
        "--agent-session-id",
        "sess-1",
        "--message",
        "it's #1; ok",
      );
      expect(result.json?.result).toEqual({ pane_id: pane, applied: true });
      expect(await option(s, pane, "@agent_kind")).toBe("claude");
      expect(await option(s, pane, "@agent_state")).toBe("working");
      expect(await option(s, pane, "@agent_source")).toBe("hook:hook-a");
      expect(await option(s, pane, "@agent_session_id")).toBe("sess-1");
      expect((await s.run("show-options", "-pqv", "-t", pane, "@agent_message")).trim()).toBe("it's #1; ok");
      expect(Number(await option(s, pane, "@agent_state_since"))).toBeGreaterThan(0);
    },
    TEST_MS,
  );

  test(
    "a report not newer than its source's last is ignored; sources count apart",
    async () => {
      const s = await server();
      const pane = await firstPane(s);
      expect((await report(s, pane, "--state", "working", "--seq", "10")).json?.result.applied).toBe(true);
      expect((await report(s, pane, "--state", "blocked", "--seq", "10")).json?.result.applied).toBe(false);
      expect((await report(s, pane, "--state", "blocked", "--seq", "9")).json?.result.applied).toBe(false);
      expect(await option(s, pane, "@agent_state")).toBe("working");
      const other = await s.taw([
        "pane",
        "report-agent",
        "--pane",
        pane,
        "--source",
        "hook.b",
        "--agent",
        "claude",
        "--state",
        "blocked",
        "--seq",
        "3",
        "--json",
      ]);
      expect(other.json?.result.applied).toBe(true);
      expect(await option(s, pane, "@agent_state")).toBe("blocked");
      expect(
        (await report(s, pane, "--state", "working", "--seq", "1764672000123")).json?.result.applied,
      ).toBe(true);
      expect(await option(s, pane, "@agent_report_seq")).toBe("hook%2Eb=3 hook-a=1764672000123");
      // UnixNano seqs one apart (past 2^53): each is newer than the last, none is rounded away.
      const nano = 1764547200123456789n;
      for (const [step, state] of [
        [0n, "blocked"],
        [1n, "working"],
        [2n, "blocked"],
      ] as const)
        expect(
          (await report(s, pane, "--state", state, "--seq", String(nano + step))).json?.result.applied,
        ).toBe(true);
      expect(
        (await report(s, pane, "--state", "working", "--seq", String(nano + 2n))).json?.result.applied,
      ).toBe(false);
      expect(await option(s, pane, "@agent_state")).toBe("blocked");
      expect((await report(s, pane, "--state", "idle", "--seq", "1e3")).code).toBe(2);
    },
    TEST_MS,
  );

  test(
    "an idle that ends a turn nobody watched is done; an idle over done stays done",
    async () => {
      const s = await server();
      const pane = await firstPane(s);
      await report(s, pane, "--state", "working");
      await report(s, pane, "--state", "idle");
      expect(await option(s, pane, "@agent_state")).toBe("done");
      await report(s, pane, "--state", "idle");
      expect(await option(s, pane, "@agent_state")).toBe("done");
    },
    TEST_MS,
  );

  test(
    "a report's message lasts as long as the state it came with: a new state, reported or decided, ends it",
    async () => {
      const s = await server();
      const pane = await firstPane(s);
      const message = async () => (await s.run("show-options", "-pqv", "-t", pane, "@agent_message")).trim();
      await report(s, pane, "--state", "blocked", "--message", "allow rm #1, {x}?");
      await report(s, pane, "--state", "blocked");
      expect(await message()).toBe("allow rm #1, {x}?");
      await report(s, pane, "--state", "working");
      expect(await message()).toBe("");
      // The engine's write of a state it decided, as its tick sends it.
      await report(s, pane, "--state", "blocked", "--message", "allow again?");
      const guard = { state: "blocked", reportStamp: await option(s, pane, "@agent_report_stamp") };
      await s.run(...paneWrite(pane, { state: "working", stateSince: "1", rule: "spinner" }, guard));
      expect(await option(s, pane, "@agent_state")).toBe("working");
      expect(await message()).toBe("");
      // A done nobody watched, with its message, until someone looks (the focus hook's verb).
      await report(s, pane, "--state", "idle", "--message", "wrote the report");
      expect(await option(s, pane, "@agent_state")).toBe("done");
      await s.taw(["seen", pane]);
      expect(await option(s, pane, "@agent_state")).toBe("idle");
      expect(await message()).toBe("");
    },
    TEST_MS,
  );

  test(
    "a block reported in words is listed by what the words ask: approval, question, setup",
    async () => {
      const s = await server();
      // A program in front that is no shell at its prompt: the reported agent stands.
      const panes: string[] = [];
      for (let i = 0; i < 3; i++)
        panes.push(
          (await s.run("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main", "sleep 600")).trim(),
        );
      const [permission, question, login] = panes as [string, string, string];
      await report(s, permission, "--state", "blocked", "--message", "Permission required: bash (make test)");
      await report(s, question, "--state", "blocked", "--message", "Which branch should I use?");
      await report(s, login, "--state", "blocked", "--message", "Please log in to continue");
      const inbox = await s.taw(["agent", "inbox", "--json"]);
      const entries = inbox.json?.result as { tmux_id: string; group: string; ask: string }[];
      expect(entries.map((entry) => [entry.tmux_id, entry.group, entry.ask])).toEqual([
        [permission, "approval", "Permission required: bash (make test)"],
        [question, "question", "Which branch should I use?"],
        [login, "setup", "Please log in to continue"],
      ]);
    },
    TEST_MS,
  );

  test(
    "another agent's report drops the last one's session",
    async () => {
      const s = await server();
      const pane = await firstPane(s);
      await report(s, pane, "--state", "idle", "--agent-session-id", "old");
      await s.taw(["pane", "report-agent-session", "--pane", pane, "--source", "hook-c", "--agent", "codex"]);
      expect(await option(s, pane, "@agent_kind")).toBe("codex");
      expect(await option(s, pane, "@agent_session_id")).toBe("");
    },
    TEST_MS,
  );

  test(
    "release-agent gives the pane back only for the source that owns it",
    async () => {
      const s = await server();
      const pane = await firstPane(s);
      await report(s, pane, "--state", "blocked");
      const foreign = await s.taw([
        "pane",
        "release-agent",
        "--pane",
        pane,
        "--source",
        "someone-else",
        "--json",
      ]);
      expect(foreign.json?.result.applied).toBe(false);
      expect(await option(s, pane, "@agent_source")).toBe("hook:hook-a");
      await s.taw(["pane", "release-agent", "--pane", pane, "--source", "hook-a"]);
      expect(await option(s, pane, "@agent_source")).toBe("manifest");
    },
    TEST_MS,
  );

  test(
    "report-metadata sets the title and label; --pane defaults to $TMUX_PANE",
    async () => {
      const s = await server();
      const pane = await firstPane(s);
      await s.taw(["pane", "report-metadata", "--title", "fix #12; then", "--display-agent", "Claude"], {
        TMUX_PANE: pane,
      });
      expect(await option(s, pane, "@agent_title")).toBe("fix #12; then");
      expect(await option(s, pane, "@agent_display")).toBe("Claude");
    },
    TEST_MS,
  );

  test(
    "--quiet never fails the hook; without it a missing pane is an error",
    async () => {
      const s = await server();
      const quiet = await s.taw([
        "pane",
        "report-agent",
        "--pane",
        "%999",
        "--source",
        "x",
        "--agent",
        "claude",
        "--state",
        "working",
        "--quiet",
      ]);
      expect(quiet.code).toBe(0);
      expect(quiet.stdout + quiet.stderr).toBe("");
      const loud = await s.taw([
        "pane",
        "report-agent",
        "--pane",
        "%999",
        "--source",
        "x",
        "--agent",
        "claude",
        "--state",
        "working",
        "--json",
      ]);
      expect(loud.code).toBe(3);
      expect(loud.json?.error?.code).toBe("pane_not_found");
      const bad = await s.taw([
        "pane",
        "report-agent",
        "--pane",
        "%0",
        "--source",
        "x",
        "--agent",
        "claude",
        "--state",
        "thinking",
        "--json",
      ]);
      expect(bad.json?.error?.code).toBe("usage");
    },
    TEST_MS,
  );

  test(
    "a report from inside a pane is for that pane only; from outside every pane, for the one named",
    async () => {
      const s = await server();
      const own = await firstPane(s);
      const other = (await s.run("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", own, "sh")).trim();
      const verbs = [
        ["report-agent", "--source", "x", "--agent", "claude", "--state", "working"],
        ["report-agent-session", "--source", "x", "--agent", "claude", "--agent-session-id", "s1"],
        ["release-agent", "--source", "x"],
        ["report-metadata", "--title", "t"],
      ];
      const inside = { TMUX_PANE: own };
      for (const [verb = "", ...flags] of verbs) {
        const refused = await s.taw(["pane", verb, "--pane", other, ...flags, "--json"], inside);
        expect(refused.code).toBe(1);
        expect(refused.json?.error?.code).toBe("forbidden");
        expect(refused.json?.error?.message).toContain(own);
        const ownPane = await s.taw(["pane", verb, "--pane", own, ...flags, "--json"], inside);
        expect(ownPane.json?.ok).toBe(true);
      }
      expect(await option(s, other, "@agent_kind")).toBe("");
      expect(await option(s, other, "@agent_title")).toBe("");
      const outside = await s.taw(["pane", ...(verbs[0] ?? []), "--pane", other, "--json"]);
      expect(outside.json?.result.applied).toBe(true);
      expect(await option(s, other, "@agent_kind")).toBe("claude");
    },
    TEST_MS,
  );

  test(
    "a report is one tmux process",
    async () => {
      const s = await server();
      const pane = await firstPane(s);
      const bin = mkdtempSync(join(tmpdir(), "taw-count-"));
      const log = join(bin, "calls");
      const real = Bun.which("tmux");
      writeFileSync(join(bin, "tmux"), `#!/bin/sh\necho x >> ${log}\nexec ${real} "$@"\n`);
      chmodSync(join(bin, "tmux"), 0o755);
      writeFileSync(log, "");
      const result = await s.taw(
        [
          "pane",
          "report-agent",
          "--pane",
          pane,
          "--source",
          "a",
          "--agent",
          "claude",
          "--state",
          "working",
          "--seq",
          "1",
          "--json",
        ],
        {
          PATH: `${bin}:${process.env.PATH}`,
        },
      );
      expect(result.json?.result.applied).toBe(true);
      expect(readFileSync(log, "utf8").trim().split("\n")).toHaveLength(1);
    },
    TEST_MS,
  );
});
