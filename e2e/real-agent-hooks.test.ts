// Real Claude Code and OpenCode (pinned in e2e/agents.ts) in tmux against the stand-in model,
// with taw's integration installed in the scratch HOME: the pane's state comes from the
// agent's own hooks or plugin (`@agent_source hook:<agent>`), its session id and resume
// command are recorded (Claude's transcript and flags too), and Claude's pane goes back to
// the screen when it exits (OpenCode's plugin host ends with no event to report from: the
// engine's shell-back rule ends that record). No engine runs: every option here was
// written by a report.

import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { claude } from "../src/integration/claude.ts";
import { opencode } from "../src/integration/opencode.ts";
import { waitFor } from "./harness.ts";
import { claudeDriver, prepareClaude } from "./record/claude.ts";
import { opencodeDriver, prepareOpencode } from "./record/opencode.ts";
import type { AgentPane } from "./record/pane.ts";
import { openSession } from "./record/session.ts";
import { slowText, text } from "./standin/script.ts";

const TAW = resolve(import.meta.dir, "../bin/taw");
/** Installing Claude from npm (when missing) plus the walk below. */
const TEST_TIMEOUT_MS = 480_000;
const STATE_TIMEOUT_MS = 30_000;

const option = async (pane: AgentPane, name: string) =>
  (await pane.tmux("show-options", "-pqv", "-t", "rec:0.0", name)).trim();

async function expectOption(pane: AgentPane, name: string, want: (value: string) => boolean, what: string) {
  let last = "";
  try {
    return await waitFor(
      async () => {
        last = await option(pane, name);
        return want(last) ? last : undefined;
      },
      STATE_TIMEOUT_MS,
      what,
    );
  } catch (error) {
    throw new Error(
      `${(error as Error).message}; ${name} is ${JSON.stringify(last)}\n${await pane.screen()}`,
    );
  }
}

const isState = (pane: AgentPane, ...states: string[]) =>
  expectOption(
    pane,
    "@agent_state",
    (value) => states.includes(value),
    `@agent_state ${states.join(" or ")}`,
  );

describe("real agents with taw's integrations", () => {
  test(
    "the hooks own the state, record the session, its resume command and flags, and let go at exit",
    async () => {
      const session = await openSession("claude", (scratch, standIn) => {
        const launch = prepareClaude(scratch, standIn);
        claude.install(scratch.env, TAW);
        return { ...launch, argv: ["claude", "--permission-mode", "default"] };
      });
      const { pane, standIn } = session;
      try {
        await claudeDriver.toPrompt(pane);
        const id = await expectOption(pane, "@agent_session_id", (value) => value !== "", "a session id");
        expect(await option(pane, "@agent_kind")).toBe("claude");
        expect(await option(pane, "@agent_reported_kind")).toBe("claude");
        expect(await option(pane, "@agent_session_path")).toEndWith(`${id}.jsonl`);
        expect(await option(pane, "@agent_resume_argv")).toBe(`claude --resume ${id}`);
        expect(await option(pane, "@agent_claude_flags")).toBe('["--permission-mode","default"]');

        standIn.script.push(slowText(6, 800));
        await pane.submit("Write six lines slowly");
        await isState(pane, "working");
        expect(await option(pane, "@agent_source")).toBe("hook:claude");
        expect(await option(pane, "@agent_turn")).toMatch(/^\d{19}$/);
        await pane.waitFor(/line 6 of/, STATE_TIMEOUT_MS, "the end of the reply");
        // Nobody is attached to the test server: a finished turn is done.
        await isState(pane, "done");

        standIn.script.push(claudeDriver.approvalCall("touch approved.txt"), text(["The command finished."]));
        await pane.submit("Run a command");
        await pane.waitFor(claudeDriver.approvalScreen, STATE_TIMEOUT_MS, "the permission prompt");
        await isState(pane, "blocked");
        await pane.answer(...claudeDriver.approveKeys);
        await pane.waitFor(/The command finished\./, STATE_TIMEOUT_MS, "the reply after the command");
        await isState(pane, "done");
        expect(await option(pane, "@agent_session_id")).toBe(id);

        await pane.submit("/exit");
        await expectOption(pane, "@agent_source", (value) => value === "manifest", "the hook letting go");
      } finally {
        await session.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "OpenCode's plugin owns the state and records the session and its resume command",
    async () => {
      const session = await openSession("opencode", (scratch, standIn) => {
        const launch = prepareOpencode(scratch, standIn);
        opencode.install(scratch.env, TAW);
        return launch;
      });
      const { pane, standIn } = session;
      try {
        await opencodeDriver.toPrompt(pane);
        standIn.script.push(slowText(6, 800));
        await pane.submit("Write six lines slowly");
        await expectOption(
          pane,
          "@agent_source",
          (value) => value === "hook:opencode",
          "the plugin's report",
        );
        await isState(pane, "working");
        const id = await expectOption(pane, "@agent_session_id", (value) => value !== "", "a session id");
        expect(await option(pane, "@agent_resume_argv")).toBe(`opencode --session ${id}`);
        await pane.waitFor(/line 6 of/, opencodeDriver.firstReplyTimeoutMs, "the end of the reply");
        await isState(pane, "done");

        standIn.script.push(
          opencodeDriver.approvalCall("touch approved.txt"),
          text(["The command finished."]),
        );
        await pane.submit("Run a command");
        await pane.waitFor(opencodeDriver.approvalScreen, STATE_TIMEOUT_MS, "the permission prompt");
        await isState(pane, "blocked");
        await pane.answer(...opencodeDriver.approveKeys);
        await pane.waitFor(/The command finished\./, STATE_TIMEOUT_MS, "the reply after the command");
        await isState(pane, "done");
        expect(await option(pane, "@agent_source")).toBe("hook:opencode");
      } finally {
        await session.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
