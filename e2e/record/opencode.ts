// OpenCode against the stand-in: `bun e2e/record/opencode.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { slowText, text, toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import { Recorder } from "./fixtures.ts";
import type { AgentPane } from "./pane.ts";
import type { Scratch } from "./scratch.ts";
import { type AgentDriver, type Launch, openSession } from "./session.ts";

const MODEL = "standin/standin-model";

export function prepareOpencode(scratch: Scratch, standIn: StandIn): Launch {
  const dir = `${scratch.env.XDG_CONFIG_HOME}/opencode`;
  mkdirSync(dir, { recursive: true });
  const config = {
    $schema: "https://opencode.ai/config.json",
    provider: {
      standin: {
        npm: "@ai-sdk/openai-compatible",
        name: "Stand-in",
        options: { baseURL: `${standIn.url}/v1`, apiKey: "dummy" },
        models: { "standin-model": { name: "Stand-in model" } },
      },
    },
    model: MODEL,
    small_model: MODEL,
    autoupdate: false,
    share: "disabled",
    // Shell commands ask first, so there is a permission prompt to record.
    permission: { bash: "ask" },
  };
  writeFileSync(`${dir}/opencode.json`, JSON.stringify(config, null, 2));
  return {
    argv: ["opencode"],
    env: {
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_ENABLE_QUESTION_TOOL: "1",
    },
  };
}

const SLOW_LINES = 10;
const LINE_DELAY_MS = 900;
const STEP_TIMEOUT_MS = 30_000;
/** The first model call waits for OpenCode to install its provider package from npm. */
const FIRST_REPLY_TIMEOUT_MS = 120_000;
const TOOL_SECONDS = 8;

const bash = (command: string, description: string) => toolCall("bash", { command, description });

const question = toolCall("question", {
  questions: [
    {
      question: "Which file name should I use?",
      header: "File name",
      options: [
        { label: "notes.txt", description: "A plain text file" },
        { label: "notes.md", description: "A Markdown file" },
      ],
    },
  ],
});

/** While a turn runs the footer offers "esc interrupt"; idle, it shows the folder. */
const WORKING_HINT = /esc interrupt/;
const PERMISSION = /Permission required/;

async function submit(pane: AgentPane, prompt: string): Promise<void> {
  await pane.type(prompt);
  await Bun.sleep(300);
  await pane.keys("Enter");
}

async function waitIdle(pane: AgentPane, what: string): Promise<void> {
  await pane.waitFor((s) => !WORKING_HINT.test(s) && /ctrl\+p commands/.test(s), STEP_TIMEOUT_MS, what);
  await Bun.sleep(800);
}

export const opencodeDriver: AgentDriver = {
  id: "opencode",
  prepare: prepareOpencode,
  // No first-run screens: the home screen's prompt is ready at once.
  async toPrompt(pane) {
    await pane.waitFor(/Ask anything/, STEP_TIMEOUT_MS, "the home screen");
  },
  approvalCall: (command) => bash(command, "Run the command"),
  approveKeys: ["Enter"],
  firstReplyTimeoutMs: FIRST_REPLY_TIMEOUT_MS,
};

export async function recordOpencode(): Promise<string[]> {
  const session = await openSession("opencode", opencodeDriver.prepare);
  const { pane, standIn } = session;
  const rec = new Recorder("opencode", session.version);
  try {
    await opencodeDriver.toPrompt(pane);
    await Bun.sleep(1500);
    await rec.capture(pane, "idle-fresh", "idle", "home screen with the logo and an empty prompt");
    await pane.type("Write a short poem");
    await Bun.sleep(500);
    await rec.capture(pane, "idle-draft", "idle", "home screen with typed text not yet submitted");
    await pane.keys("C-u");
    await Bun.sleep(300);

    standIn.script.push(slowText(SLOW_LINES, LINE_DELAY_MS));
    await submit(pane, "Write ten lines slowly");
    await pane.waitFor(WORKING_HINT, STEP_TIMEOUT_MS, "the turn to start");
    await Bun.sleep(1000);
    await rec.capture(
      pane,
      "working-waiting",
      "working",
      "turn started, no reply text yet (first call installs the provider)",
    );
    await pane.waitFor(/line 2 of/, FIRST_REPLY_TIMEOUT_MS, "the slow reply");
    await rec.capture(pane, "working-streaming", "working", "streaming a slow text reply");
    await pane.waitFor(/line 6 of/, STEP_TIMEOUT_MS, "more of the slow reply");
    await rec.capture(pane, "working-streaming-later", "working", "streaming a slow text reply, later");
    await waitIdle(pane, "the end of the reply");
    await rec.capture(pane, "idle-after-reply", "idle", "prompt after a finished streamed reply");

    standIn.script.push(
      bash(`sleep ${TOOL_SECONDS} && touch ran.txt`, "Wait, then create ran.txt"),
      text(["The command finished."]),
    );
    await submit(pane, "Run a slow command");
    await pane.waitFor(PERMISSION, STEP_TIMEOUT_MS, "the permission prompt");
    await Bun.sleep(500);
    await rec.capture(pane, "blocked-permission-bash", "blocked", "Permission required for a bash command");
    await pane.keys("Enter");
    await pane.waitFor((s) => !PERMISSION.test(s), 10_000, "the command running");
    await Bun.sleep(2000);
    await rec.capture(pane, "working-tool-running", "working", "approved bash command running (sleep)");
    await pane.waitFor(/The command finished\./, STEP_TIMEOUT_MS, "the reply after the tool");
    await waitIdle(pane, "the prompt after the tool");
    await rec.capture(pane, "idle-after-tool", "idle", "prompt after a command ran and the turn ended");

    standIn.script.push(question, text(["Thanks, noted."]));
    await submit(pane, "Ask me which file name to use");
    await pane.waitFor(/Which file name should I use\?/, STEP_TIMEOUT_MS, "the question");
    await Bun.sleep(500);
    await rec.capture(pane, "blocked-question", "blocked", "question tool: a multiple-choice question");
    await pane.keys("Enter");
    await pane.waitFor(/Thanks, noted\./, STEP_TIMEOUT_MS, "the reply after the answer");
    await waitIdle(pane, "the prompt after the answer");
    await rec.capture(pane, "idle-after-answer", "idle", "prompt after answering the question");

    // A narrower terminal: the same states at 80 columns.
    await pane.resize(80, 30);
    await Bun.sleep(1000);
    standIn.script.push(bash("touch narrow.txt", "Create narrow.txt"), text(["Created."]));
    await submit(pane, "Create a file");
    await pane.waitFor(PERMISSION, STEP_TIMEOUT_MS, "the narrow permission prompt");
    await Bun.sleep(500);
    await rec.capture(pane, "blocked-permission-narrow", "blocked", "permission prompt at 80x30");
    await pane.keys("Escape");
    standIn.script.clear();
    await waitIdle(pane, "the prompt after refusing");
    await rec.capture(
      pane,
      "idle-after-refusal-narrow",
      "idle",
      "prompt after Esc rejected the command, 80x30",
    );
    standIn.script.push(slowText(SLOW_LINES, LINE_DELAY_MS));
    await submit(pane, "Write ten lines slowly");
    await pane.waitFor(/line 3 of/, STEP_TIMEOUT_MS, "the narrow slow reply");
    await rec.capture(pane, "working-streaming-narrow", "working", "streaming a slow reply at 80x30");
    // The first Esc only arms the interrupt.
    await pane.keys("Escape");
    await Bun.sleep(300);
    await pane.keys("Escape");
    await waitIdle(pane, "the prompt after interrupting");
    await rec.capture(
      pane,
      "idle-after-interrupt-narrow",
      "idle",
      "prompt after Esc Esc interrupted a reply, 80x30",
    );
    return rec.written;
  } finally {
    await session.close();
  }
}

if (import.meta.main) {
  const started = Date.now();
  const written = await recordOpencode();
  console.log(`opencode: ${written.length} fixtures in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
