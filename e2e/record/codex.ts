// Codex against the stand-in: `bun e2e/record/codex.ts` re-records its fixtures.

import { mkdirSync, writeFileSync } from "node:fs";
import { slowText, text, toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import { Recorder } from "./fixtures.ts";
import type { AgentPane } from "./pane.ts";
import type { Scratch } from "./scratch.ts";
import { type AgentDriver, type Launch, openSession } from "./session.ts";

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

const SLOW_LINES = 10;
const LINE_DELAY_MS = 900;
/** The model's pause before its first word, so the thinking spinner can be captured. */
const THINK_MS = 4000;
const STEP_TIMEOUT_MS = 30_000;
const TOOL_SECONDS = 8;
/** The first start copies a large binary into $HOME/.codex. */
const FIRST_START_TIMEOUT_MS = 60_000;

const escalated = (cmd: string, justification: string) =>
  toolCall("exec_command", { cmd, sandbox_permissions: "require_escalated", justification });

const question = toolCall("request_user_input", {
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
});

const PROMPT = /Ask Codex to do anything/;
const APPROVAL = /Would you like to run the following command\?/;

async function submit(pane: AgentPane, prompt: string): Promise<void> {
  await pane.type(prompt);
  await Bun.sleep(300);
  await pane.keys("Enter");
}

/** Idle again: the composer's placeholder is back and the title lost its spinner. */
async function waitIdle(pane: AgentPane, what: string): Promise<void> {
  await pane.waitFor(PROMPT, STEP_TIMEOUT_MS, what);
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (/^[^\w\s[]/u.test(await pane.title()) && Date.now() < deadline) await Bun.sleep(200);
  await Bun.sleep(800);
}

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
  approvalCall: (command) => escalated(command, "Do you allow running this command?"),
  approveKeys: ["Enter"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

export async function recordCodex(): Promise<string[]> {
  const session = await openSession("codex", codexDriver.prepare);
  const { pane, standIn } = session;
  const rec = new Recorder("codex", session.version);
  try {
    await codexDriver.toPrompt(pane, (name, note) => rec.capture(pane, name, "blocked", note));
    await Bun.sleep(1500);
    await rec.capture(
      pane,
      "idle-fresh",
      "idle",
      "fresh prompt with the logo, a warnings badge in the footer",
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
    await rec.capture(
      pane,
      "working-streaming",
      "working",
      "streaming a slow text reply (spinner in the title)",
    );
    await pane.waitFor(/line 6 of/, STEP_TIMEOUT_MS, "more of the slow reply");
    await rec.capture(pane, "working-streaming-later", "working", "streaming a slow text reply, later");
    await waitIdle(pane, "the end of the reply");
    await rec.capture(pane, "idle-after-reply", "idle", "prompt after a finished streamed reply");

    standIn.script.push(
      escalated(`sleep ${TOOL_SECONDS} && touch ran.txt`, "Do you allow waiting and creating ran.txt?"),
      text(["The command finished."]),
    );
    await submit(pane, "Run a slow command");
    await pane.waitFor(APPROVAL, STEP_TIMEOUT_MS, "the approval prompt");
    await Bun.sleep(500);
    await rec.capture(
      pane,
      "blocked-approval-exec",
      "blocked",
      "approval prompt for an escalated exec_command",
    );
    await pane.keys("Enter");
    await pane.waitFor((s) => !APPROVAL.test(s) && /Running/.test(s), 10_000, "the command running");
    await Bun.sleep(1500);
    await rec.capture(pane, "working-tool-running", "working", "approved command running (sleep)");
    await pane.waitFor(/The command finished\./, STEP_TIMEOUT_MS, "the reply after the tool");
    await waitIdle(pane, "the prompt after the tool");
    await rec.capture(pane, "idle-after-tool", "idle", "prompt after a command ran and the turn ended");

    // request_user_input exists only in Plan mode (shift+tab).
    await pane.keys("BTab");
    await pane.waitFor(/Plan mode/, STEP_TIMEOUT_MS, "plan mode");
    await Bun.sleep(500);
    await rec.capture(pane, "idle-plan-mode", "idle", "prompt in Plan mode");
    standIn.script.push(question, text(["Thanks, noted."]));
    await submit(pane, "Ask me which file name to use");
    await pane.waitFor(/Which file name should I use\?/, STEP_TIMEOUT_MS, "the question");
    await Bun.sleep(500);
    await rec.capture(pane, "blocked-question", "blocked", "request_user_input: a multiple-choice question");
    await pane.keys("Enter");
    await pane.waitFor(/Thanks, noted\./, STEP_TIMEOUT_MS, "the reply after the answer");
    await waitIdle(pane, "the prompt after the answer");
    await rec.capture(pane, "idle-after-answer", "idle", "prompt after answering the question (Plan mode)");
    await pane.keys("BTab");
    await Bun.sleep(500);

    // A narrower terminal: the same states at 80 columns.
    await pane.resize(80, 30);
    await Bun.sleep(1000);
    standIn.script.push(
      escalated("touch narrow.txt", "Do you allow creating narrow.txt?"),
      text(["Created."]),
    );
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
  const written = await recordCodex();
  console.log(`codex: ${written.length} fixtures in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
