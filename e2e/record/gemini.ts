// Gemini CLI against the stand-in: `bun e2e/record/gemini.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import { type AgentDriver, FILE_NAME_QUESTION, type Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

export function prepareGemini(scratch: Scratch, standIn: StandIn): Launch {
  mkdirSync(`${scratch.home}/.gemini`);
  // Choosing API-key login in settings skips the login screen; the key itself is a dummy.
  // No update check and no usage statistics: nothing but the stand-in is asked anything, so
  // a network that hangs instead of refusing cannot slow a step.
  const settings = {
    security: { auth: { selectedType: "gemini-api-key" } },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
  };
  writeFileSync(`${scratch.home}/.gemini/settings.json`, JSON.stringify(settings));
  return {
    argv: ["gemini"],
    env: { GOOGLE_GEMINI_BASE_URL: standIn.url, GEMINI_API_KEY: "dummy" },
  };
}

const PROMPT = /Type your message/;
const IDLE_SETTLE_MS = 800;

/** Gemini CLI's write_file approval; Qwen Code, forked from Gemini CLI, asks the same. */
export const geminiWrite: AgentDriver["write"] = {
  call: (path) => toolCall("write_file", { file_path: path, content: "hello\n" }),
  screen: /Apply this change\?/,
  case: "approval-write",
  note: "Apply this change? for write_file",
};

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
    await this.waitIdle(pane, "the prompt");
  },
  // Gemini names its state in the title ("◇  Ready (project)").
  async waitIdle(pane, what) {
    await pane.waitFor(PROMPT, STEP_TIMEOUT_MS, what);
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (!/Ready/.test(await pane.title()) && Date.now() < deadline) await Bun.sleep(200);
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  approvalCall: (command) => toolCall("run_shell_command", { command, description: "Run the command." }),
  approvalScreen: /Allow execution of/,
  approveKeys: ["Enter"],
  approvalCase: "approval-shell",
  approvalNote: "Allow execution of [Shell]? for run_shell_command",
  questionCall: toolCall("ask_user", {
    questions: [{ ...FILE_NAME_QUESTION, type: "choice" }],
  }),
  questionNote: "ask_user: a multiple-choice question",
  write: geminiWrite,
  interruptKeys: ["Escape"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(geminiDriver);
