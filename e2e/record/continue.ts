// Continue CLI (`cn`) against the stand-in: `bun e2e/record/continue.ts` re-records its fixtures.

import { writeFileSync } from "node:fs";
import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import type { AgentDriver, Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

export function prepareContinue(scratch: Scratch, standIn: StandIn): Launch {
  const config = `${scratch.home}/standin-config.yaml`;
  writeFileSync(
    config,
    [
      "name: Stand-in",
      "version: 1.0.0",
      "schema: v1",
      "models:",
      "  - name: Stand-in",
      "    provider: openai",
      "    model: standin-model",
      `    apiBase: ${standIn.url}/v1`,
      "    apiKey: dummy",
      "    roles: [chat, edit, apply]",
      "    capabilities: [tool_use]",
      "",
    ].join("\n"),
  );
  return { argv: ["cn", "--config", config], env: { CONTINUE_CLI_ENABLE_TELEMETRY: "0" } };
}

/** The spinner line while a turn runs: "⣿⣿⣿  ( 4s • esc to interrupt )". */
const WORKING_HINT = /esc to interrupt/;
/** Under the input box at rest and while it works. */
const FOOTER = /◉ Continue CLI/;
/** A permission or question dialog takes the input box's place. */
const DIALOG = /Would you like to continue\?|navigate, Enter select/;
const IDLE_SETTLE_MS = 800;

export const continueDriver: AgentDriver = {
  id: "continue",
  prepare: prepareContinue,
  // No first-run screens with a local config (only a warning that the model is unknown).
  async toPrompt(pane) {
    await this.waitIdle(pane, "the prompt");
  },
  async waitIdle(pane, what) {
    await pane.waitFor(
      (s) => FOOTER.test(s) && !WORKING_HINT.test(s) && !DIALOG.test(s),
      STEP_TIMEOUT_MS,
      what,
    );
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  approvalCall: (command) => toolCall("Bash", { command }),
  approvalScreen: /Would you like to continue\?/,
  approveKeys: ["Enter"],
  approvalCase: "permission-bash",
  approvalNote: "Would you like to continue? for a Bash call",
  questionCall: toolCall("AskQuestion", {
    question: "Which file name should I use?",
    options: ["notes.txt", "notes.md"],
  }),
  questionNote: "AskQuestion: a multiple-choice question",
  write: {
    call: (path) => toolCall("Write", { filepath: path, content: "hello\n" }),
    screen: /Write\(notes\.txt\)[\s\S]*Would you like to continue\?/,
    case: "permission-write",
    note: "Would you like to continue? for the Write tool",
  },
  holdsReplyText: true,
  interruptKeys: ["Escape"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(continueDriver);
