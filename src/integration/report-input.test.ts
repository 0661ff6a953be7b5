import { expect, test } from "bun:test";
import { shellLine } from "../tmux/escape.ts";
import { reportAgentCommands, reportSessionCommands } from "../watch/report.ts";
import { claudeFlags } from "./claude-flags.ts";
import { hookLine } from "./hook-command.ts";
import { parseHookInput } from "./hook-input.ts";

test("hook input: each agent's names for the session and transcript; a subagent; junk", () => {
  expect(parseHookInput('{"session_id":"a","transcript_path":"/t.jsonl","hook_event_name":"Stop"}')).toEqual({
    sessionId: "a",
    sessionPath: "/t.jsonl",
    subagent: false,
  });
  expect(parseHookInput('{"sessionId":"b"}').sessionId).toBe("b");
  expect(parseHookInput('{"conversation_id":"c"}').sessionId).toBe("c");
  expect(parseHookInput('{"session_id":"a","agent_id":"sub"}').subagent).toBe(true);
  // Mastra Code's id before its first thread exists names none.
  expect(parseHookInput('{"session_id":"session-init","hook_event_name":"SessionStart"}').sessionId).toBe(
    undefined,
  );
  expect(parseHookInput("not json")).toEqual({ subagent: false });
  expect(parseHookInput("[1]")).toEqual({ subagent: false });
});

test("Claude's flags: the listed ones with their values, nothing else", () => {
  expect(
    claudeFlags([
      "claude",
      "--model",
      "opus",
      "-p",
      "hi",
      "--effort=max",
      "--dangerously-skip-permissions",
      "--verbose",
    ]),
  ).toEqual(["--model", "opus", "--effort", "max", "--dangerously-skip-permissions"]);
  expect(claudeFlags(["claude", "--permission-mode", "plan", "--agent", "rev"])).toEqual([
    "--permission-mode",
    "plan",
    "--agent",
    "rev",
  ]);
  expect(claudeFlags(["claude"])).toEqual([]);
});

test("a resume command is kept as a line that can be typed back", () => {
  expect(shellLine(["claude", "--resume", "1b2c-3d"])).toBe("claude --resume 1b2c-3d");
  expect(shellLine(["pi", "--session", "/a b/it's.jsonl"])).toBe(`pi --session '/a b/it'\\''s.jsonl'`);
  expect(hookLine("/x y/taw", { verb: "release-agent", agent: "claude" })).toStartWith(
    `[ -z "$TMUX_PANE" ] || '/x y/taw' pane release-agent`,
  );
});

const base = { paneId: "%1", source: "claude", stamp: "1-a", now: 1_700_000_000_000 };

test("a report of work moves @agent_turn; an idle leaves it", () => {
  const text = (commands: string[][]) => commands.flat().join(" ");
  const working = text(reportAgentCommands({ ...base, agent: "claude", state: "working" }));
  expect(working).toMatch(/@agent_turn '1700000000000\d{6}'/);
  expect(text(reportAgentCommands({ ...base, agent: "claude", state: "blocked" }))).toContain("@agent_turn");
  expect(text(reportAgentCommands({ ...base, agent: "claude", state: "idle" }))).not.toContain(
    "set-option -pq -t '%1' @agent_turn",
  );
});

test("a session report writes the word, the resume command and Claude's flags in one guarded command", () => {
  const commands = reportSessionCommands({
    ...base,
    agent: "claude",
    sessionId: "s1",
    resume: ["claude", "--resume", "s1"],
    claudeFlags: ["--model", "opus"],
  });
  const body = commands[1]?.at(-1) ?? "";
  expect(body).toContain("@agent_reported_kind 'claude'");
  expect(body).toContain("@agent_resume_argv 'claude --resume s1'");
  expect(body).toContain("@agent_resume_source 'claude'");
  expect(body).toContain(`@agent_claude_flags '["--model","opus"]'`);
  // Another agent's report takes the last one's record off first.
  expect(commands[0]?.at(-1)).toContain("@agent_resume_argv");
  const none = reportSessionCommands({ ...base, agent: "claude", claudeFlags: [] })[1]?.at(-1) ?? "";
  expect(none).toContain("set-option -pqu -t '%1' @agent_claude_flags");
});
