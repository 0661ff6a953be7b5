// Copilot CLI against the stand-in: `bun e2e/record/copilot.ts` re-records its fixtures.
// Its offline mode with a custom (BYOK) provider needs no GitHub login.

import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import type { AgentDriver, Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

export function prepareCopilot(_scratch: Scratch, standIn: StandIn): Launch {
  return {
    argv: ["copilot"],
    env: {
      COPILOT_OFFLINE: "true",
      COPILOT_PROVIDER_BASE_URL: `${standIn.url}/v1`,
      COPILOT_PROVIDER_API_KEY: "dummy",
      COPILOT_MODEL: "standin-model",
      COPILOT_AUTO_UPDATE: "false",
    },
  };
}

/** The footer while a turn runs: "● Working · 176 B esc esc interrupt". */
const WORKING_HINT = /esc esc interrupt|Working ·/;
/** The input row between two rules. */
const PROMPT = /─{8,}\n❯/;
const IDLE_SETTLE_MS = 800;

export const copilotDriver: AgentDriver = {
  id: "copilot",
  prepare: prepareCopilot,
  async toPrompt(pane, seen = async () => undefined) {
    await pane.waitFor(/Do you trust the files in this folder\?/, STEP_TIMEOUT_MS, "the trust dialog");
    await Bun.sleep(1000);
    await seen("startup-trust-folder", "Confirm folder trust dialog at first start");
    await pane.answer("Enter");
    await this.waitIdle(pane, "the prompt");
  },
  async waitIdle(pane, what) {
    await pane.waitFor((s) => PROMPT.test(s) && !WORKING_HINT.test(s), STEP_TIMEOUT_MS, what);
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  approvalCall: (command) => toolCall("bash", { command, description: "Run the command" }),
  approvalScreen: /Do you want to run this command\?/,
  approveKeys: ["Enter"],
  approvalCase: "permission-bash",
  approvalNote: "Do you want to run this command? for a bash call",
  questionCall: toolCall("ask_user", {
    message: "Which file name should I use?",
    requestedSchema: {
      type: "object",
      properties: { name: { type: "string", title: "File name", enum: ["notes.txt", "notes.md"] } },
      required: ["name"],
    },
  }),
  questionNote: "ask_user: Copilot needs information (a choice)",
  write: {
    call: (path) => toolCall("create", { path, file_text: "hello\n" }),
    screen: /notes\.txt[\s\S]*Do you want to [^\n]*\?/,
    case: "permission-create",
    note: "permission dialog for the create tool (a new file)",
  },
  // The first Esc only arms the interrupt ("esc esc interrupt").
  interruptKeys: ["Escape", "Escape"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(copilotDriver);
