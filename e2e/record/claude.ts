// Claude Code against the stand-in: `bun e2e/record/claude.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import { type AgentDriver, FILE_NAME_QUESTION, type Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

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

/** Claude's footer at rest (dropped below ~70 columns), and while a turn runs. */
const IDLE_HINT = /\? for shortcuts/;
const WORKING_HINT = /esc to interrupt/;
const IDLE_SETTLE_MS = 800;

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
  // Not "? for shortcuts": narrow panes drop it, and an interrupted prompt comes back as a draft.
  async waitIdle(pane, what) {
    await pane.waitFor((s) => !WORKING_HINT.test(s) && /^❯/m.test(s), STEP_TIMEOUT_MS, what);
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  approvalCall: (command) => toolCall("Bash", { command, description: "Run the command" }),
  approvalScreen: /Do you want to proceed\?/,
  approveKeys: ["Enter"],
  approvalCase: "permission-bash",
  approvalNote: "permission prompt for a Bash command",
  questionCall: toolCall("AskUserQuestion", {
    questions: [{ ...FILE_NAME_QUESTION, multiSelect: false }],
  }),
  questionNote: "AskUserQuestion: a multiple-choice question",
  write: {
    call: (path) => toolCall("Write", { file_path: path, content: "hello\n" }),
    screen: /Do you want to create notes\.txt\?/,
    case: "permission-write",
    note: "permission prompt for the Write tool (create a file)",
  },
  interruptKeys: ["Escape"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(claudeDriver);
