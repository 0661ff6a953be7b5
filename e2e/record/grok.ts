// Grok CLI against the stand-in: `bun e2e/record/grok.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import type { AgentDriver, Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

const MODEL = "standin-model";

export function prepareGrok(scratch: Scratch, standIn: StandIn): Launch {
  mkdirSync(`${scratch.home}/.grok`);
  const settings = { apiKey: "dummy", baseURL: `${standIn.url}/v1`, defaultModel: MODEL, models: [MODEL] };
  writeFileSync(`${scratch.home}/.grok/user-settings.json`, JSON.stringify(settings, null, 2));
  return { argv: ["grok"], env: {} };
}

/** The spinner line while a turn runs: "- Synthesizing... (2s · ↑ 796 tokens · esc to interrupt)". */
const WORKING_HINT = /esc to interrupt/;
/** The input box ("│ ❯ Ask me anything..."), drawn while it works too; a dialog replaces it. */
const PROMPT = /│ ❯ /;
const IDLE_SETTLE_MS = 800;

export const grokDriver: AgentDriver = {
  id: "grok",
  prepare: prepareGrok,
  // No first-run screens once the settings file names a key.
  async toPrompt(pane) {
    await this.waitIdle(pane, "the prompt");
  },
  async waitIdle(pane, what) {
    await pane.waitFor((s) => PROMPT.test(s) && !WORKING_HINT.test(s), STEP_TIMEOUT_MS, what);
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  approvalCall: (command) => toolCall("bash", { command }),
  approvalScreen: /Do you want to proceed with this operation\?/,
  approveKeys: ["Enter"],
  approvalCase: "confirm-bash",
  approvalNote: "Do you want to proceed with this operation? for a bash call",
  // No question tool: its tools are files, bash, search and todo lists.
  write: {
    call: (path) => toolCall("create_file", { path, content: "hello\n" }),
    screen: /Write\([^)]*notes\.txt\)[\s\S]*Do you want to proceed/,
    case: "confirm-write",
    note: "Do you want to proceed with this operation? for create_file",
  },
  interruptKeys: ["Escape"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(grokDriver);
