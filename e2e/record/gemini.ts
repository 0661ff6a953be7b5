// Gemini CLI against the stand-in: `bun e2e/record/gemini.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { slowText, text, toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import { Recorder } from "./fixtures.ts";
import type { AgentPane } from "./pane.ts";
import type { Scratch } from "./scratch.ts";
import { type AgentDriver, type Launch, openSession } from "./session.ts";

export function prepareGemini(scratch: Scratch, standIn: StandIn): Launch {
  mkdirSync(`${scratch.home}/.gemini`);
  // Choosing API-key login in settings skips the login screen; the key itself is a dummy.
  const settings = { security: { auth: { selectedType: "gemini-api-key" } } };
  writeFileSync(`${scratch.home}/.gemini/settings.json`, JSON.stringify(settings));
  return {
    argv: ["gemini"],
    env: { GOOGLE_GEMINI_BASE_URL: standIn.url, GEMINI_API_KEY: "dummy" },
  };
}

const SLOW_LINES = 10;
const LINE_DELAY_MS = 900;
/** The model's pause before its first word, so the thinking spinner can be captured. */
const THINK_MS = 4000;
const STEP_TIMEOUT_MS = 30_000;
const TOOL_SECONDS = 8;

const shell = (command: string, description: string) =>
  toolCall("run_shell_command", { command, description });

const question = toolCall("ask_user", {
  questions: [
    {
      question: "Which file name should I use?",
      header: "File name",
      type: "choice",
      options: [
        { label: "notes.txt", description: "A plain text file" },
        { label: "notes.md", description: "A Markdown file" },
      ],
    },
  ],
});

const PROMPT = /Type your message/;
const APPROVAL = /Allow execution of/;

async function submit(pane: AgentPane, prompt: string): Promise<void> {
  await pane.type(prompt);
  await Bun.sleep(300);
  await pane.keys("Enter");
}

/** Gemini names its state in the title ("◇  Ready (project)"). */
async function waitIdle(pane: AgentPane, what: string): Promise<void> {
  await pane.waitFor(PROMPT, STEP_TIMEOUT_MS, what);
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!/Ready/.test(await pane.title()) && Date.now() < deadline) await Bun.sleep(200);
  await Bun.sleep(800);
}

export const geminiDriver: AgentDriver = {
  id: "gemini",
  prepare: prepareGemini,
  async toPrompt(pane, seen = async () => undefined) {
    await pane.waitFor(/Do you trust the files in this folder\?/, STEP_TIMEOUT_MS, "the trust dialog");
    await Bun.sleep(1000);
    await seen("startup-trust-folder", "trust-folder dialog at first start");
    await pane.answer("Enter");
    // Trusting restarts the CLI.
    await pane.waitFor(/restarting to apply the trust changes/, STEP_TIMEOUT_MS, "the restart");
    await waitIdle(pane, "the prompt");
  },
  approvalCall: (command) => shell(command, "Run the command."),
  approveKeys: ["Enter"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

export async function recordGemini(): Promise<string[]> {
  const session = await openSession("gemini", geminiDriver.prepare);
  const { pane, standIn } = session;
  const rec = new Recorder("gemini", session.version);
  try {
    await geminiDriver.toPrompt(pane, (name, note) => rec.capture(pane, name, "blocked", note));
    await rec.capture(
      pane,
      "idle-fresh",
      "idle",
      "fresh prompt after the trust restart (earlier output above)",
    );
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
    await waitIdle(pane, "the end of the reply");
    await rec.capture(pane, "idle-after-reply", "idle", "prompt after a finished streamed reply");

    standIn.script.push(
      shell(`sleep ${TOOL_SECONDS} && touch ran.txt`, "Wait, then create ran.txt."),
      text(["The command finished."]),
    );
    await submit(pane, "Run a slow command");
    await pane.waitFor(APPROVAL, STEP_TIMEOUT_MS, "the approval prompt");
    await Bun.sleep(500);
    await rec.capture(
      pane,
      "blocked-approval-shell",
      "blocked",
      "Allow execution of [Shell]? for run_shell_command",
    );
    await pane.keys("Enter");
    await pane.waitFor((s) => !APPROVAL.test(s), 10_000, "the command running");
    await Bun.sleep(2000);
    await rec.capture(pane, "working-tool-running", "working", "approved shell command running (sleep)");
    await pane.waitFor(/The command finished\./, STEP_TIMEOUT_MS, "the reply after the tool");
    await waitIdle(pane, "the prompt after the tool");
    await rec.capture(pane, "idle-after-tool", "idle", "prompt after a command ran and the turn ended");

    standIn.script.push(question, text(["Thanks, noted."]));
    await submit(pane, "Ask me which file name to use");
    await pane.waitFor(/Which file name should I use\?/, STEP_TIMEOUT_MS, "the question");
    await Bun.sleep(500);
    await rec.capture(pane, "blocked-question", "blocked", "ask_user: a multiple-choice question");
    await pane.keys("Enter");
    await pane.waitFor(/Thanks, noted\./, STEP_TIMEOUT_MS, "the reply after the answer");
    await waitIdle(pane, "the prompt after the answer");
    await rec.capture(pane, "idle-after-answer", "idle", "prompt after answering the question");

    // A narrower terminal: the same states at 80 columns.
    await pane.resize(80, 30);
    await Bun.sleep(1000);
    standIn.script.push(shell("touch narrow.txt", "Create narrow.txt."), text(["Created."]));
    await submit(pane, "Create a file");
    await pane.waitFor(APPROVAL, STEP_TIMEOUT_MS, "the narrow approval prompt");
    await Bun.sleep(500);
    await rec.capture(pane, "blocked-approval-narrow", "blocked", "approval prompt at 80x30");
    await pane.keys("Escape");
    standIn.script.clear();
    await waitIdle(pane, "the prompt after refusing");
    await rec.capture(
      pane,
      "idle-after-refusal-narrow",
      "idle",
      "prompt after Esc refused the command, 80x30",
    );
    standIn.script.push(slowText(SLOW_LINES, LINE_DELAY_MS));
    await submit(pane, "Write ten lines slowly");
    await pane.waitFor(/line 3 of/, STEP_TIMEOUT_MS, "the narrow slow reply");
    await rec.capture(pane, "working-streaming-narrow", "working", "streaming a slow reply at 80x30");
    await pane.keys("Escape");
    await waitIdle(pane, "the prompt after interrupting");
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
  const written = await recordGemini();
  console.log(`gemini: ${written.length} fixtures in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
