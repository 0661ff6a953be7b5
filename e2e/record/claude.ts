// Claude Code against the stand-in: `bun e2e/record/claude.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { slowText, text, toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import { Recorder } from "./fixtures.ts";
import type { AgentPane } from "./pane.ts";
import type { Scratch } from "./scratch.ts";
import { type AgentDriver, type Launch, openSession } from "./session.ts";

const API_KEY = "dummy";

export function prepareClaude(scratch: Scratch, standIn: StandIn): Launch {
  // A pre-approved key gets it past the connectivity check; the theme picker, security notes
  // and trust screen still come (they are fixtures).
  writeFileSync(
    `${scratch.home}/.claude.json`,
    JSON.stringify({ customApiKeyResponses: { approved: [API_KEY] } }),
  );
  mkdirSync(`${scratch.home}/.claude`);
  // Without this it starts in an auto mode that never asks for permission.
  writeFileSync(
    `${scratch.home}/.claude/settings.json`,
    JSON.stringify({ permissions: { defaultMode: "default" } }),
  );
  return {
    argv: ["claude"],
    env: {
      ANTHROPIC_BASE_URL: standIn.url,
      ANTHROPIC_API_KEY: API_KEY,
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
    },
  };
}

// The stand-in ignores the prompts' words; they only make the transcript read naturally.
const SLOW_LINES = 10;
const LINE_DELAY_MS = 900;
/** The model's pause before its first word, so the thinking spinner can be captured. */
const THINK_MS = 4000;
const STEP_TIMEOUT_MS = 30_000;
const TOOL_SECONDS = 8;

const bashTool = (command: string, description: string, said?: string) =>
  toolCall("Bash", { command, description }, said);

const question = toolCall("AskUserQuestion", {
  questions: [
    {
      question: "Which file name should I use?",
      header: "File name",
      options: [
        { label: "notes.txt", description: "A plain text file" },
        { label: "notes.md", description: "A Markdown file" },
      ],
      multiSelect: false,
    },
  ],
});

/** Claude shows this hint at the bottom while a turn runs. */
const WORKING_HINT = /esc to interrupt/;
const IDLE_HINT = /\? for shortcuts/;

async function submit(pane: AgentPane, prompt: string): Promise<void> {
  await pane.type(prompt);
  await Bun.sleep(300);
  await pane.keys("Enter");
}

export const claudeDriver: AgentDriver = {
  id: "claude",
  prepare: prepareClaude,
  async toPrompt(pane, seen = async () => undefined) {
    await pane.waitFor(/Choose the text style/, STEP_TIMEOUT_MS, "the theme picker");
    await Bun.sleep(500);
    await seen("startup-theme-picker", "first-run theme picker waiting for a choice");
    await pane.answer("Enter");
    await pane.waitFor(/Press Enter to continue/, STEP_TIMEOUT_MS, "the security notes");
    await seen("startup-security-notes", "first-run security notes: Press Enter to continue");
    await pane.answer("Enter");
    await pane.waitFor(/trust this folder/, STEP_TIMEOUT_MS, "the trust screen");
    await seen("startup-trust-folder", "trust-this-folder screen, pointer on 'No, exit'");
    // The pointer starts on "No, exit": move it, and see it moved, before confirming.
    await pane.answer("Down");
    await pane.waitFor(/❯ Yes, I trust this folder/, STEP_TIMEOUT_MS, "the pointer on Yes");
    await pane.keys("Enter");
    await pane.waitFor(IDLE_HINT, STEP_TIMEOUT_MS, "the prompt");
  },
  approvalCall: (command) => bashTool(command, "Run the command"),
  approveKeys: ["Enter"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

export async function recordClaude(): Promise<string[]> {
  const session = await openSession("claude", claudeDriver.prepare);
  const { pane, standIn } = session;
  const rec = new Recorder("claude", session.version);
  try {
    await claudeDriver.toPrompt(pane, (name, note) => rec.capture(pane, name, "blocked", note));
    await Bun.sleep(1000);
    await rec.capture(pane, "idle-fresh", "idle", "fresh prompt after the trust screen");
    await pane.type("Write a short poem");
    await Bun.sleep(500);
    await rec.capture(pane, "idle-draft", "idle", "prompt with typed text not yet submitted");
    await pane.keys("C-u");

    standIn.script.push(slowText(SLOW_LINES, LINE_DELAY_MS, THINK_MS));
    await submit(pane, "Write ten lines slowly");
    await Bun.sleep(THINK_MS / 2);
    await rec.capture(
      pane,
      "working-thinking",
      "working",
      "turn started, no reply text yet (model thinking)",
    );
    await pane.waitFor(/line 2 of/, STEP_TIMEOUT_MS, "the slow reply");
    await rec.capture(pane, "working-streaming", "working", "streaming a slow text reply");
    await pane.waitFor(/line 6 of/, STEP_TIMEOUT_MS, "more of the slow reply");
    await rec.capture(pane, "working-streaming-later", "working", "streaming a slow text reply, later");
    await pane.waitFor(IDLE_HINT, STEP_TIMEOUT_MS, "the end of the reply");
    await Bun.sleep(800);
    await rec.capture(pane, "idle-after-reply", "idle", "prompt after a finished streamed reply");

    standIn.script.push(
      bashTool(
        `sleep ${TOOL_SECONDS} && touch ran.txt`,
        "Wait and create ran.txt",
        "I will run the command.",
      ),
      text(["The command finished."]),
    );
    await submit(pane, "Run a slow command");
    await pane.waitFor(/Do you want to proceed\?/, STEP_TIMEOUT_MS, "the permission prompt");
    await Bun.sleep(500);
    await rec.capture(pane, "blocked-permission-bash", "blocked", "permission prompt for a Bash command");
    await pane.keys("Enter");
    await pane.waitFor(
      (s) => !/Do you want to proceed\?/.test(s) && WORKING_HINT.test(s),
      10_000,
      "the tool run",
    );
    await Bun.sleep(1500);
    await rec.capture(pane, "working-tool-running", "working", "Bash tool running after approval (sleep)");
    await pane.waitFor(/The command finished\./, STEP_TIMEOUT_MS, "the reply after the tool");
    await pane.waitFor(IDLE_HINT, STEP_TIMEOUT_MS, "the prompt after the tool");
    await Bun.sleep(800);
    await rec.capture(pane, "idle-after-tool", "idle", "prompt after a tool ran and the turn ended");

    standIn.script.push(question, text(["Thanks, noted."]));
    await submit(pane, "Ask me which file name to use");
    await pane.waitFor(/Which file name should I use\?/, STEP_TIMEOUT_MS, "the question");
    await Bun.sleep(500);
    await rec.capture(pane, "blocked-question", "blocked", "AskUserQuestion: a multiple-choice question");
    await pane.keys("Enter");
    await pane.waitFor(/Thanks, noted\./, STEP_TIMEOUT_MS, "the reply after the answer");
    await pane.waitFor(IDLE_HINT, STEP_TIMEOUT_MS, "the prompt after the answer");
    await Bun.sleep(800);
    await rec.capture(pane, "idle-after-answer", "idle", "prompt after answering the question");

    // A narrower terminal: the same states at 80 columns.
    await pane.resize(80, 30);
    await Bun.sleep(1000);
    standIn.script.push(bashTool("touch narrow.txt", "Create narrow.txt"), text(["Created."]));
    await submit(pane, "Create a file");
    await pane.waitFor(/Do you want to proceed\?/, STEP_TIMEOUT_MS, "the narrow permission prompt");
    await Bun.sleep(500);
    await rec.capture(pane, "blocked-permission-narrow", "blocked", "permission prompt at 80x30");
    await pane.keys("Escape");
    // A refused tool ends the turn without asking the model again: drop the follow-up.
    standIn.script.clear();
    await pane.waitFor(IDLE_HINT, STEP_TIMEOUT_MS, "the prompt after refusing");
    await Bun.sleep(800);
    await rec.capture(pane, "idle-after-refusal-narrow", "idle", "prompt after Esc refused the tool, 80x30");
    standIn.script.push(slowText(SLOW_LINES, LINE_DELAY_MS));
    await submit(pane, "Write ten lines slowly");
    await pane.waitFor(/line 3 of/, STEP_TIMEOUT_MS, "the narrow slow reply");
    await rec.capture(pane, "working-streaming-narrow", "working", "streaming a slow reply at 80x30");
    await pane.keys("Escape");
    await pane.waitFor(IDLE_HINT, STEP_TIMEOUT_MS, "the prompt after interrupting");
    await Bun.sleep(800);
    await rec.capture(
      pane,
      "idle-after-interrupt-narrow",
      "idle",
      "prompt after Esc interrupted a reply, 80x30",
    );
    return rec.written;
  } finally {
    await session.close();
  }
}

if (import.meta.main) {
  const started = Date.now();
  const written = await recordClaude();
  console.log(`claude: ${written.length} fixtures in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
