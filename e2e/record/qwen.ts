// Qwen Code against the stand-in: `bun e2e/record/qwen.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import { geminiWrite } from "./gemini.ts";
import type { Scratch } from "./scratch.ts";
import { type AgentDriver, FILE_NAME_QUESTION, type Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

const MODEL = "standin-model";

export function prepareQwen(scratch: Scratch, standIn: StandIn): Launch {
  mkdirSync(`${scratch.home}/.qwen`);
  // An OpenAI-compatible provider chosen up front skips the "Connect a Provider" dialog.
  const settings = {
    modelProviders: {
      openai: [{ id: MODEL, name: "Stand-in", baseUrl: `${standIn.url}/v1`, envKey: "STANDIN_API_KEY" }],
    },
    model: { name: MODEL },
    // The trust dialog is a first-run screen worth recording; the folder is trusted there.
    security: { auth: { selectedType: "openai" }, folderTrust: { enabled: true } },
    // "Ask permissions": the default "auto" mode lets a model classifier approve calls.
    // Its bundled ripgrep is installed without the execute bit: use the built-in grep.
    tools: { approvalMode: "default", useRipgrep: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    // Follow-up suggestions and memory extraction are requests with tools after a turn: they
    // would take the next scripted reply.
    ui: { enableFollowupSuggestions: false, enableUserFeedback: false },
    memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false },
    general: { enableAutoUpdate: false, disableAutoUpdate: true },
  };
  writeFileSync(`${scratch.home}/.qwen/settings.json`, JSON.stringify(settings, null, 2));
  return { argv: ["qwen"], env: { STANDIN_API_KEY: "dummy" } };
}

/** Qwen animates its title while a turn runs (◐) and marks it while it waits on the user (✳);
 * at rest it is plain "Qwen - <folder>". */
const TITLE_BUSY = /^[◐◓◑◒✳]/;
/** The input row (flush left, under a rule); after Esc it holds the interrupted prompt. */
const PROMPT = /^>\s/m;
const IDLE_SETTLE_MS = 800;

export const qwenDriver: AgentDriver = {
  id: "qwen",
  prepare: prepareQwen,
  async toPrompt(pane, seen = async () => undefined) {
    await pane.waitFor(/Do you trust this folder\?/, STEP_TIMEOUT_MS, "the trust dialog");
    await Bun.sleep(1000);
    await seen("startup-trust-folder", "trust-folder dialog at first start");
    await pane.answer("Enter");
    await this.waitIdle(pane, "the prompt");
  },
  async waitIdle(pane, what) {
    await pane.waitFor((s) => PROMPT.test(s) && !/esc to cancel/.test(s), STEP_TIMEOUT_MS, what);
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (TITLE_BUSY.test(await pane.title()) && Date.now() < deadline) await Bun.sleep(200);
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  // Qwen refuses `sleep N && …` ("run blocking commands in the background"): wait otherwise.
  approvalCall: (command) =>
    toolCall("run_shell_command", {
      command: command.replace(/^sleep (\d+) && /, "timeout $1 tail -f /dev/null; "),
      description: "Run the command",
    }),
  approvalScreen: /Allow execution of/,
  approveKeys: ["Enter"],
  approvalCase: "approval-shell",
  approvalNote: "Allow execution of: '…'? for run_shell_command",
  questionCall: toolCall("ask_user_question", {
    questions: [{ ...FILE_NAME_QUESTION, multiSelect: false }],
  }),
  questionNote: "ask_user_question: a multiple-choice question",
  write: geminiWrite,
  interruptKeys: ["Escape"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(qwenDriver);
