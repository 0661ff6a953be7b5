// Real OpenCode, Kilo and pi (state) and Claude Code, Codex, Gemini CLI, Qwen Code and Copilot
// CLI (session only),
// pinned in e2e/agents.ts, in tmux against the stand-in model,
// with taw's integration installed in the scratch HOME: the pane's state comes from the
// agent's own hooks or plugin (`@agent_source hook:<agent>`), its session id and resume
// command are recorded (Claude's transcript and flags too); OpenCode's plugin host ends with
// no event to report from: the engine's shell-back rule ends that record. No engine runs
// (every option here was written by a report) but in the test of a turn that starts and
// ends between two engine reads.

import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { claude } from "../src/integration/claude.ts";
import { codex } from "../src/integration/codex.ts";
import { copilot } from "../src/integration/copilot.ts";
import { gemini } from "../src/integration/gemini.ts";
import { kilo } from "../src/integration/kilo.ts";
import { opencode } from "../src/integration/opencode.ts";
import { pi } from "../src/integration/pi.ts";
import { qwen } from "../src/integration/qwen.ts";
import type { Integration } from "../src/integration/types.ts";
import { startEngine, transitions } from "./fake-agent/helpers.ts";
import { TestServer, waitFor } from "./harness.ts";
import { claudeDriver, prepareClaude } from "./record/claude.ts";
import { codexDriver, codexToPromptWithHooks } from "./record/codex.ts";
import { copilotDriver } from "./record/copilot.ts";
import { geminiDriver } from "./record/gemini.ts";
import { opencodeDriver, prepareOpencode } from "./record/opencode.ts";
import type { AgentPane } from "./record/pane.ts";
import { expectPaneOption, paneOption, paneStateIs } from "./record/pane-options.ts";
import { piDriver, preparePi } from "./record/pi.ts";
import { qwenDriver } from "./record/qwen.ts";
import type { Scratch } from "./record/scratch.ts";
import { type AgentDriver, type Launch, openSession } from "./record/session.ts";
import { slowText, text } from "./standin/script.ts";
import type { StandIn } from "./standin/server.ts";

const TAW = resolve(import.meta.dir, "../bin/taw");
/** Installing Claude from npm (when missing) plus the walk below. */
const TEST_TIMEOUT_MS = 480_000;
const STATE_TIMEOUT_MS = 30_000;
const PROMPT_SETTLE_MS = 1_500;

/** The agent in a pane against the stand-in, with taw's integration installed in its scratch
 * HOME (its configuration folder made first, as if it had run once). */
function openWithIntegration(
  id: AgentDriver["id"],
  prepare: (scratch: Scratch, standIn: StandIn) => Launch | Promise<Launch>,
  integration: Integration,
) {
  return openSession(id, async (scratch, standIn) => {
    const launch = await prepare(scratch, standIn);
    for (const file of integration.files(scratch.env)) mkdirSync(dirname(file), { recursive: true });
    integration.install(scratch.env, TAW);
    return launch;
  });
}

/** Kilo CLI (no recording driver yet): OpenCode's config shape in Kilo's folder. */
function prepareKilo(scratch: Scratch, standIn: StandIn): Launch {
  const dir = `${scratch.env.XDG_CONFIG_HOME}/kilo`;
  mkdirSync(dir, { recursive: true });
  const model = "standin/standin-model";
  const provider = {
    npm: "@ai-sdk/openai-compatible",
    name: "Stand-in",
    options: { baseURL: `${standIn.url}/v1`, apiKey: "dummy" },
    models: { "standin-model": { name: "Stand-in model" } },
  };
  const config = { provider: { standin: provider }, model, small_model: model };
  writeFileSync(`${dir}/kilo.json`, JSON.stringify(config, null, 2));
  const off = ["MODELS_FETCH", "AUTOUPDATE", "LSP_DOWNLOAD", "SHARE"].map((name) => [
    `KILO_DISABLE_${name}`,
    "1",
  ]);
  return { argv: ["kilo"], env: { ...Object.fromEntries(off), KILO_TELEMETRY_LEVEL: "off" } };
}

describe("real agents with taw's integrations", () => {
  test(
    "Claude's hook records the session, its resume command and flags; the screen keeps the state",
    async () => {
      const session = await openSession("claude", (scratch, standIn) => {
        const launch = prepareClaude(scratch, standIn);
        claude.install(scratch.env, TAW);
        return { ...launch, argv: ["claude", "--permission-mode", "default"] };
      });
      const { pane, standIn } = session;
      try {
        await claudeDriver.toPrompt(pane);
        const id = await expectPaneOption(pane, "@agent_session_id", (value) => value !== "", "a session id");
        expect(await paneOption(pane, "@agent_kind")).toBe("claude");
        expect(await paneOption(pane, "@agent_reported_kind")).toBe("claude");
        expect(await paneOption(pane, "@agent_session_path")).toEndWith(`${id}.jsonl`);
        expect(await paneOption(pane, "@agent_resume_argv")).toBe(`claude --resume ${id}`);
        expect(await paneOption(pane, "@agent_claude_flags")).toBe('["--permission-mode","default"]');

        standIn.script.push(slowText(3, 300));
        await pane.submit("Write three lines");
        await pane.waitFor(/line 3 of/, STATE_TIMEOUT_MS, "the reply");
        // Esc fires no Claude hook: the state is the screen's, never the hook's.
        expect(await paneOption(pane, "@agent_source")).not.toStartWith("hook:");
        expect(await paneOption(pane, "@agent_session_id")).toBe(id);
      } finally {
        await session.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "OpenCode's plugin owns the state and records the session and its resume command",
    async () => {
      const session = await openWithIntegration("opencode", prepareOpencode, opencode);
      const { pane, standIn } = session;
      try {
        await opencodeDriver.toPrompt(pane);
        standIn.script.push(slowText(6, 800));
        await pane.submit("Write six lines slowly");
        await expectPaneOption(
          pane,
          "@agent_source",
          (value) => value === "hook:opencode",
          "the plugin's report",
        );
        await paneStateIs(pane, "working");
        const id = await expectPaneOption(pane, "@agent_session_id", (value) => value !== "", "a session id");
        expect(await paneOption(pane, "@agent_resume_argv")).toBe(`opencode --session ${id}`);
        // The TUI plugin reported the session this pane shows, under a source of its own.
        await expectPaneOption(
          pane,
          "@agent_report_seq",
          (value) => /(^| )opencode-tui=\d/.test(value),
          "the TUI plugin's report",
        );
        await pane.waitFor(/line 6 of/, opencodeDriver.firstReplyTimeoutMs, "the end of the reply");
        await paneStateIs(pane, "done");

        standIn.script.push(
          opencodeDriver.approvalCall("touch approved.txt"),
          text(["The command finished."]),
        );
        await pane.submit("Run a command");
        await pane.waitFor(opencodeDriver.approvalScreen, STATE_TIMEOUT_MS, "the permission prompt");
        await paneStateIs(pane, "blocked");
        await pane.answer(...opencodeDriver.approveKeys);
        await pane.waitFor(/The command finished\./, STATE_TIMEOUT_MS, "the reply after the command");
        await paneStateIs(pane, "done");
        expect(await paneOption(pane, "@agent_source")).toBe("hook:opencode");
      } finally {
        await session.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "pi's extension owns the state and records the session file and its resume command",
    async () => {
      const session = await openWithIntegration("pi", preparePi, pi);
      const { pane, standIn } = session;
      try {
        await piDriver.toPrompt(pane);
        const file = await expectPaneOption(
          pane,
          "@agent_session_path",
          (value) => value !== "",
          "the session file",
        );
        expect(await paneOption(pane, "@agent_resume_argv")).toBe(`pi --session ${file}`);
        expect(await paneOption(pane, "@agent_session_id")).not.toBe("");
        standIn.script.push(slowText(6, 800));
        await pane.submit("Write six lines slowly");
        await paneStateIs(pane, "working");
        expect(await paneOption(pane, "@agent_source")).toBe("hook:pi");
        await pane.waitFor(/line 6 of/, STATE_TIMEOUT_MS, "the end of the reply");
        await paneStateIs(pane, "done");
      } finally {
        await session.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "pi: a turn reported whole while the engine is held between two reads is announced as its start and its done",
    async () => {
      const session = await openWithIntegration("pi", preparePi, pi);
      const { pane, standIn } = session;
      const engine = startEngine(new TestServer(pane.socket));
      try {
        await piDriver.toPrompt(pane);
        const id = (await pane.tmux("display-message", "-p", "-t", "rec:0.0", "#{pane_id}")).trim();
        await expectPaneOption(pane, "@agent_kind", (value) => value === "pi", "the engine's record of pi");
        // The engine takes the pane as it stands at its next read (at most a second away).
        await Bun.sleep(1_500);
        const before = transitions(engine.stateDir, id);
        expect(before.at(-1)).toEndWith(">idle");
        engine.proc.kill("SIGSTOP");
        standIn.script.push(text(["Hello there."]));
        await pane.submit("Say hello");
        await pane.waitFor(/Hello there\./, STATE_TIMEOUT_MS, "the reply");
        // The extension reported working and then idle; no engine read came between.
        await paneStateIs(pane, "done");
        engine.proc.kill("SIGCONT");
        await waitFor(
          async () => transitions(engine.stateDir, id).includes("working>done"),
          10_000,
          "the turn's done announced",
        );
        expect(transitions(engine.stateDir, id).slice(before.length)).toEqual([
          "idle>working",
          "working>done",
        ]);
      } finally {
        engine.proc.kill("SIGCONT");
        await engine.stop();
        await session.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "Kilo's plugin owns the state and records the session and its resume command",
    async () => {
      const session = await openWithIntegration("kilo", prepareKilo, kilo);
      const { pane, standIn } = session;
      try {
        // It installs its provider package from npm at the first start.
        await pane.waitFor(/Ask anything/, opencodeDriver.firstReplyTimeoutMs, "the prompt");
        await Bun.sleep(PROMPT_SETTLE_MS);
        standIn.script.push(text(["Hello there."]));
        await pane.submit("Say hello");
        await expectPaneOption(
          pane,
          "@agent_source",
          (value) => value === "hook:kilo",
          "the plugin's report",
        );
        const id = await expectPaneOption(pane, "@agent_session_id", (value) => value !== "", "a session id");
        expect(await paneOption(pane, "@agent_resume_argv")).toBe(`kilo --session ${id}`);
        await pane.waitFor(/Hello there\./, opencodeDriver.firstReplyTimeoutMs, "the reply");
        await paneStateIs(pane, "done");
      } finally {
        await session.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  // Session-only integrations: the hook records the conversation, the screen keeps the state.
  const SESSION_ONLY: [AgentDriver, Integration, string, (pane: AgentPane) => Promise<void>][] = [
    [codexDriver, codex, "codex resume", codexToPromptWithHooks],
    [geminiDriver, gemini, "gemini --resume", (pane) => geminiDriver.toPrompt(pane)],
    [qwenDriver, qwen, "qwen --resume", (pane) => qwenDriver.toPrompt(pane)],
    [copilotDriver, copilot, "copilot --resume=", (pane) => copilotDriver.toPrompt(pane)],
  ];
  for (const [driver, integration, resume, toPrompt] of SESSION_ONLY) {
    test(
      `${driver.id}'s session hook records the session and its resume command, and leaves the state to the screen`,
      async () => {
        const session = await openWithIntegration(driver.id, driver.prepare, integration);
        const { pane, standIn } = session;
        try {
          await toPrompt(pane);
          // A prompt typed the moment the input shows can be lost on a loaded machine.
          await Bun.sleep(PROMPT_SETTLE_MS);
          standIn.script.push(text(["Hello there."]));
          await pane.submit("Say hello");
          await pane.waitFor(/Hello there\./, driver.firstReplyTimeoutMs, "the reply");
          const id = await expectPaneOption(
            pane,
            "@agent_session_id",
            (value) => value !== "",
            "a session id",
          );
          expect(await paneOption(pane, "@agent_kind")).toBe(driver.id);
          expect(await paneOption(pane, "@agent_reported_kind")).toBe(driver.id);
          expect(await paneOption(pane, "@agent_resume_argv")).toBe(
            `${resume}${resume.endsWith("=") ? "" : " "}${id}`,
          );
          expect(await paneOption(pane, "@agent_source")).not.toStartWith("hook:");
        } finally {
          await session.close();
        }
      },
      TEST_TIMEOUT_MS,
    );
  }
});
