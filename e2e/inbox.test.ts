// The inbox's safety on a real tmux server, with a fake agent showing real recorded prompts
// (e2e/inbox-agent.ts): a prompt that changes between the read and the answer is not
// answered; a never-approve command is refused (jump to it) while a deny goes through; an
// auto_approve match is approved by the engine, logged and notified.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { attachedClient, type TestServer, useServers, waitFor } from "./harness.ts";
import { fakeAgent, inboxEntry } from "./inbox-helpers.ts";

const server = useServers();
const TIMEOUT_MS = 40_000;

const screenOf = (s: TestServer, pane: string) => s.run("capture-pane", "-p", "-t", pane);

describe("taw agent inbox / answer", () => {
  test(
    "a question swapped between the read and the answer is not answered; the new one is",
    async () => {
      const s = await server();
      const agent = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-question" });
      const entry = await inboxEntry(s, agent.pane);
      expect(entry).toMatchObject({
        group: "question",
        ask: "Which file name should I use?",
        options: ["notes.txt", "notes.md", "Type something.", "Chat about this"],
      });

      process.kill(Number(readFileSync(`${agent.log}.pid`, "utf8")), "SIGUSR1");
      await waitFor(
        async () => (await screenOf(s, agent.pane)).includes("Which output format"),
        5000,
        "the swap",
      );
      const refused = await s.taw([
        "agent",
        "answer",
        entry.pane_id,
        "--option",
        "2",
        "--expect",
        entry.prompt_id ?? "",
      ]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/nothing was typed: the prompt on .* changed since it was read/);
      expect(agent.typed()).toEqual([]);

      // Read again: the new prompt has its own id, and answering it types Down, Enter.
      const fresh = await inboxEntry(s, agent.pane);
      expect(fresh.ask).toBe("Which output format should I write?");
      expect(fresh.prompt_id).not.toBe(entry.prompt_id);
      const answered = await s.taw([
        "agent",
        "answer",
        fresh.pane_id,
        "--option",
        "2",
        "--expect",
        fresh.prompt_id ?? "",
        "--json",
      ]);
      expect(answered.code).toBe(0);
      expect(answered.json?.result).toMatchObject({ typed: ["Down", "Enter"], left: true, state: "idle" });
      expect(agent.typed()).toEqual(["\u001b[B", "\r"]);
    },
    TIMEOUT_MS,
  );

  test(
    "a never-approve command is not approved (jump to it); a deny of it is typed",
    async () => {
      const s = await server();
      // pi's recorded permission gate asks for `… && rm -rf ./build-cache`.
      const agent = await fakeAgent(s, "pi", { INBOX_AGENT_START: "blocked-permission-gate" });
      const entry = await inboxEntry(s, agent.pane);
      expect(entry).toMatchObject({ group: "approval", risk: "never" });
      expect(entry.ask).toContain("rm -rf ./build-cache");

      for (const flags of [["--approve"], ["--option", "1"]]) {
        const refused = await s.taw(["agent", "answer", entry.pane_id, ...flags]);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/nothing was typed: .*rm -rf.* matches never_approve .*jump to it/);
      }
      expect(agent.typed()).toEqual([]);

      const denied = await s.taw(["agent", "answer", entry.pane_id, "--deny", "--json"]);
      expect(denied.code).toBe(0);
      expect(denied.json?.result).toMatchObject({ typed: ["Down", "Enter"], left: true });
      expect(agent.typed()).toEqual(["\u001b[B", "\r"]);
    },
    TIMEOUT_MS,
  );

  test(
    "bad answers are refused in words and type nothing",
    async () => {
      const s = await server();
      const agent = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-question" });
      const entry = await inboxEntry(s, agent.pane);
      const cases: [string[], RegExp][] = [
        [["--approve"], /offers no 'approve'/],
        [["--option", "7"], /option 7 is not on screen; the prompt has options 1-4/],
        [["--approve", "--deny"], /give exactly one answer/],
        [[], /give exactly one answer/],
      ];
      for (const [flags, message] of cases) {
        const result = await s.taw(["agent", "answer", entry.pane_id, ...flags]);
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(message);
        expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
      }
      const nobody = await s.taw(["agent", "answer", "w9:p99", "--approve"]);
      expect(nobody.code).toBe(3);
      expect(agent.typed()).toEqual([]);
    },
    TIMEOUT_MS,
  );

  test(
    "a typed answer goes to the free-text option; a deny's message is typed at the prompt after it",
    async () => {
      const s = await server();
      const question = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-question" });
      const asked = await inboxEntry(s, question.pane);
      const typed = await s.taw(["agent", "answer", asked.pane_id, "--text", "todo.txt", "--json"]);
      expect(typed.code).toBe(0);
      expect(typed.json?.result).toMatchObject({
        typed: ["Down", "Down", '"todo.txt"', "Enter"],
        left: true,
      });
      expect(question.typed()).toEqual(["\u001b[B", "\u001b[B", "todo.txt", "\r"]);

      const approval = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-permission-bash" });
      const entry = await inboxEntry(s, approval.pane);
      const denied = await s.taw([
        "agent",
        "answer",
        entry.pane_id,
        "--deny",
        "--message",
        "use ls instead",
        "--json",
      ]);
      expect(denied.code).toBe(0);
      expect(denied.json?.result).toMatchObject({ typed: ["Escape"], left: true, message_sent: true });
      // Esc, then the message as one paste, then Claude's submit key.
      const [first, ...rest] = approval.typed();
      expect(first).toBe("\u001b");
      expect(rest.join("")).toContain("use ls instead");
      expect(rest.at(-1)).toBe("\r");
    },
    TIMEOUT_MS,
  );

  test(
    "the dashboard opens on the Inbox, and its keys answer the selected agent",
    async () => {
      const s = await server({ width: 160, height: 40 });
      const question = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-question" });
      const dashboard = await openDashboard(s, { args: ["dashboard", "--view", "inbox"] });
      await screenShows(
        s,
        dashboard,
        (text) => text.includes("Inbox 1") && text.includes("3. Type something."),
        "the Inbox with the question and its options",
        20_000,
      );
      await s.run("send-keys", "-t", dashboard, "2");
      await screenShows(
        s,
        dashboard,
        (text) => text.includes("Down Enter typed; now idle"),
        "the answer's message",
      );
      expect(question.typed()).toEqual(["\u001b[B", "\r"]);
      await screenShows(
        s,
        dashboard,
        (text) => text.includes("no agent is waiting for you"),
        "an empty Inbox",
      );
      await s.run("send-keys", "-t", dashboard, "q");
      const wrong = await s.taw(["dashboard", "--view", "mail"]);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain("unknown view 'mail'; views are agents, tree, worktrees, inbox");
    },
    TIMEOUT_MS,
  );

  test(
    "Y in the Inbox approves only what [inbox] read_only calls safe",
    async () => {
      const s = await server({ width: 160, height: 40 });
      const configDir = mkdtempSync(join(tmpdir(), "taw-inbox-config-"));
      // Claude's recorded command (`sleep 8 && touch ran.txt`) counts as read-only here.
      writeFileSync(
        join(configDir, "config.toml"),
        "[inbox]\nread_only = ['^sleep \\d+$', '^touch ran\\.txt$']\n",
      );
      const safe = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-permission-bash" });
      const risky = await fakeAgent(s, "pi", { INBOX_AGENT_START: "blocked-permission-gate" });
      const question = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-question" });
      const dashboard = await openDashboard(s, {
        args: ["dashboard", "--view", "inbox"],
        env: { TAW_CONFIG_DIR: configDir },
      });
      await screenShows(
        s,
        dashboard,
        (text) => text.includes("Inbox 3") && text.includes("✓ read-only"),
        "the Inbox",
        20_000,
      );
      await s.run("send-keys", "-t", dashboard, "Y");
      await screenShows(s, dashboard, (text) => text.includes("approved 1 of 1 read-only"), "Y's message");
      expect(safe.typed()).toEqual(["\r"]);
      expect(risky.typed()).toEqual([]);
      expect(question.typed()).toEqual([]);
    },
    TIMEOUT_MS,
  );

  test(
    "an auto_approve match is approved by the engine, logged and notified",
    async () => {
      const s = await server();
      const configDir = mkdtempSync(join(tmpdir(), "taw-inbox-config-"));
      const stateDir = mkdtempSync(join(tmpdir(), "taw-inbox-state-"));
      mkdirSync(configDir, { recursive: true });
      writeFileSync(
        join(configDir, "config.toml"),
        "[notify]\nmessage_seconds = 30\n[inbox]\nauto_approve = ['^sleep 8 && touch ran\\.txt$']\n",
      );
      const env = { TAW_CONFIG_DIR: configDir, TAW_STATE_DIR: stateDir };
      // As wide as the recorded screen, so the client does not shrink the window under it.
      const outer = await attachedClient(server, s, { width: 120, height: 40 });
      // The engine this test's env names (config and state folders) must be the one running.
      const engine = await s.taw(["engine"], env);
      expect(engine.code).toBe(0);
      const agent = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-permission-bash" });
      await s.run("select-window", "-t", "main:0");

      const log = join(stateDir, "inbox.log");
      const line = await waitFor(
        () => existsSync(log) && readFileSync(log, "utf8").trim().split("\n")[0],
        20_000,
        "the auto-approval in inbox.log",
      ).catch((error) => {
        console.log(readFileSync(join(stateDir, "logs", "engine.log"), "utf8"));
        throw error;
      });
      expect(JSON.parse(line)).toMatchObject({
        action: "auto_approve",
        agent: "claude",
        command: "sleep 8 && touch ran.txt",
        typed: ["Enter"],
        left: true,
      });
      expect(agent.typed()).toEqual(["\r"]);
      await waitFor(
        async () => (await outer.run("capture-pane", "-p", "-t", "main")).includes("taw approved sleep 8"),
        10_000,
        "the notification on the attached client",
      );
      await s.taw(["engine", "stop"], env);
    },
    TIMEOUT_MS,
  );
});
