// OpenCode against the stand-in: `bun e2e/record/opencode.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import { type AgentDriver, FILE_NAME_QUESTION, type Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

const MODEL = "standin/standin-model";

/** OpenCode's config (and Kilo's, built on it) pointing at the stand-in, updates and sharing off. */
export const standInConfig = (standIn: StandIn) => ({
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
  // Shell commands and file writes ask first, so there are permission prompts to record.
  permission: { bash: "ask", edit: "ask" },
});

export function prepareOpencode(scratch: Scratch, standIn: StandIn): Launch {
  const dir = `${scratch.env.XDG_CONFIG_HOME}/opencode`;
  mkdirSync(dir, { recursive: true });
  const config = { $schema: "https://opencode.ai/config.json", ...standInConfig(standIn) };
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

/** The first model call waits for OpenCode to install its provider package from npm. */
const FIRST_REPLY_TIMEOUT_MS = 120_000;
/** While a turn runs the footer offers "esc interrupt"; idle, it shows the folder. */
const WORKING_HINT = /esc interrupt/;
const IDLE_SETTLE_MS = 800;

export const opencodeDriver: AgentDriver = {
  id: "opencode",
  prepare: prepareOpencode,
  // No first-run screens: the home screen's prompt is ready at once.
  async toPrompt(pane) {
    await pane.waitFor(/Ask anything/, STEP_TIMEOUT_MS, "the home screen");
  },
  async waitIdle(pane, what) {
    await pane.waitFor((s) => !WORKING_HINT.test(s) && /ctrl\+p commands/.test(s), STEP_TIMEOUT_MS, what);
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  approvalCall: (command) => toolCall("bash", { command, description: "Run the command" }),
  approvalScreen: /Permission required/,
  approveKeys: ["Enter"],
  approvalCase: "permission-bash",
  approvalNote: "Permission required for a bash command",
  questionCall: toolCall("question", {
    questions: [FILE_NAME_QUESTION],
  }),
  questionNote: "question tool: a multiple-choice question",
  write: {
    call: (path) => toolCall("write", { filePath: path, content: "hello\n" }),
    screen: /Permission required[\s\S]*Edit notes\.txt/,
    case: "permission-write",
    note: "Permission required for the write tool (Edit notes.txt)",
  },
  // The first Esc only arms the interrupt.
  interruptKeys: ["Escape", "Escape"],
  firstReplyTimeoutMs: FIRST_REPLY_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(opencodeDriver);
