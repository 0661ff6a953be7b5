// Codex against the stand-in: `bun e2e/record/codex.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import type { AgentPane } from "./pane.ts";
import type { Scratch } from "./scratch.ts";
import type { AgentDriver, Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

const KEY_VARIABLE = "STANDIN_API_KEY";

export function prepareCodex(scratch: Scratch, standIn: StandIn): Launch {
  mkdirSync(`${scratch.home}/.codex`);
  // A custom provider on the Responses wire (chat is refused); on-request approval so an
  // escalated command asks first.
  const config = [
    `model = "standin-model"`,
    `model_provider = "standin"`,
    `approval_policy = "on-request"`,
    `sandbox_mode = "workspace-write"`,
    "",
    "[model_providers.standin]",
    `name = "Stand-in"`,
    `base_url = "${standIn.url}/v1"`,
    `wire_api = "responses"`,
    `env_key = "${KEY_VARIABLE}"`,
    "requires_openai_auth = false",
    "",
  ].join("\n");
  writeFileSync(`${scratch.home}/.codex/config.toml`, config);
  // The trust screen only appears in a git repository.
  Bun.spawnSync(["git", "init", "-q", scratch.project]);
  // --no-daemon: the model calls and tools stay in the pane instead of a daemon that
  // outlives the TUI.
  return { argv: ["codex", "--no-daemon"], env: { [KEY_VARIABLE]: "dummy" } };
}

/** The first start copies a large binary into $HOME/.codex. */
const FIRST_START_TIMEOUT_MS = 60_000;
const PROMPT = /Ask Codex to do anything/;
/** A working title starts with a braille spinner; idle and blocked titles do not. */
const SPINNER_TITLE = /^[\u2800-\u28ff]/u;
const IDLE_SETTLE_MS = 800;
/** The footer's mode badge; "Plan mode" alone also stays in the transcript. */
const PLAN_MODE_FOOTER = /Plan mode \(shift\+tab/;

export const codexDriver: AgentDriver = {
  id: "codex",
  prepare: prepareCodex,
  async toPrompt(pane, seen = async () => undefined) {
    await pane.waitFor(/Trust this folder\?/, FIRST_START_TIMEOUT_MS, "the trust screen");
    await Bun.sleep(500);
    await seen("startup-trust-folder", "trust-this-folder screen (git repository)");
    await pane.answer("Enter");
    await pane.waitFor(PROMPT, FIRST_START_TIMEOUT_MS, "the prompt");
  },
  // The composer's placeholder is back and the title lost its spinner.
  async waitIdle(pane, what) {
    await pane.waitFor(PROMPT, STEP_TIMEOUT_MS, what);
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (SPINNER_TITLE.test(await pane.title()) && Date.now() < deadline) await Bun.sleep(200);
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  approvalCall: (cmd) =>
    toolCall("exec_command", {
      cmd,
      sandbox_permissions: "require_escalated",
      justification: "Do you allow running this command?",
    }),
  approvalScreen: /Would you like to run the following command\?/,
  approveKeys: ["Enter"],
  approvalCase: "approval-exec",
  approvalNote: "approval prompt for an escalated exec_command",
  questionCall: toolCall("request_user_input", {
    questions: [
      {
        id: "file_name",
        header: "File name",
        question: "Which file name should I use?",
        options: [
          { label: "notes.txt (Recommended)", description: "A plain text file." },
          { label: "notes.md", description: "A Markdown file." },
        ],
      },
    ],
  }),
  questionNote: "request_user_input: a multiple-choice question (Plan mode)",
  // request_user_input exists only in Plan mode (shift+tab).
  async beforeQuestion(pane, capture) {
    await pane.keys("BTab");
    await pane.waitFor(PLAN_MODE_FOOTER, STEP_TIMEOUT_MS, "plan mode");
    await Bun.sleep(500);
    await capture("idle-plan-mode", "idle", "prompt in Plan mode");
  },
  async afterQuestion(pane) {
    await pane.keys("BTab");
    await pane.waitFor((s) => !PLAN_MODE_FOOTER.test(s), STEP_TIMEOUT_MS, "plan mode off");
  },
  interruptKeys: ["Escape"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(codexDriver);

/** With taw's hook installed, Codex asks to trust the new hook after the folder: trust it. */
export async function codexToPromptWithHooks(pane: AgentPane): Promise<void> {
  await pane.waitFor(/Trust this folder\?/, FIRST_START_TIMEOUT_MS, "the trust screen");
  await pane.answer("Enter");
  await pane.waitFor(/Hooks need review/, FIRST_START_TIMEOUT_MS, "the hook review");
  await pane.answer("Down");
  await pane.waitFor(/› 2\. Trust all and continue/, STEP_TIMEOUT_MS, "the pointer on Trust all");
  await pane.keys("Enter");
  await pane.waitFor(PROMPT, FIRST_START_TIMEOUT_MS, "the prompt");
}
