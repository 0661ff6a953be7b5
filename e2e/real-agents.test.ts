// The real agent CLIs (pinned in e2e/agents.ts, installed into the gitignored cache when
// missing) run in tmux against the stand-in model, and detection reads their live screens:
// a slow reply is working, a shell call waiting for approval and a question are blocked,
// the prompt after each turn is idle, and the pane's foreground process is identified as
// the agent.

import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { evaluate } from "../src/detect/engine.ts";
import { identifyArgv } from "../src/detect/identity.ts";
import { loadManifests } from "../src/detect/manifest.ts";
import type { DetectedState } from "../src/detect/types.ts";
import { AGENT_PACKAGES, ensureAgent } from "./agents.ts";
import { waitFor } from "./harness.ts";
import { claudeDriver } from "./record/claude.ts";
import { clineDriver } from "./record/cline.ts";
import { codexDriver } from "./record/codex.ts";
import { continueDriver } from "./record/continue.ts";
import { copilotDriver } from "./record/copilot.ts";
import { geminiDriver } from "./record/gemini.ts";
import { grokDriver } from "./record/grok.ts";
import { kiloDriver } from "./record/kilo.ts";
import { opencodeDriver } from "./record/opencode.ts";
import type { AgentPane } from "./record/pane.ts";
import { piDriver } from "./record/pi.ts";
import { qwenDriver } from "./record/qwen.ts";
import { type AgentDriver, openSession } from "./record/session.ts";
import { slowText, text } from "./standin/script.ts";

const DRIVERS: AgentDriver[] = [
  claudeDriver,
  codexDriver,
  geminiDriver,
  opencodeDriver,
  qwenDriver,
  piDriver,
  grokDriver,
  continueDriver,
  clineDriver,
  kiloDriver,
  copilotDriver,
];
/** The walk below; the first model call can be slow (OpenCode installs its provider first). */
const TEST_TIMEOUT_MS = 480_000;
const STATE_TIMEOUT_MS = 30_000;
/** Long enough that a poll every 50 ms sees the working screen several times over. */
const SLOW_LINES = 12;
const LINE_DELAY_MS = 800;
const TOOL_SECONDS = 6;

const manifests = loadManifests({ userDir: "/nonexistent" });

/** Why an agent's pinned package could not be installed (its test is skipped, saying so). */
async function installProblem(driver: AgentDriver): Promise<string | undefined> {
  try {
    await ensureAgent(driver.id);
    return undefined;
  } catch (error) {
    const { pkg, version } = AGENT_PACKAGES[driver.id];
    return `${pkg}@${version} cannot be installed here: ${(error as Error).message.split("\n")[0]}`;
  }
}
const problems = new Map<string, string | undefined>();
for (const driver of DRIVERS) problems.set(driver.id, await installProblem(driver));

/** Wait until detection, run on the live screen and title, gives `state`. */
async function expectState(
  driver: AgentDriver,
  pane: AgentPane,
  state: DetectedState,
  timeoutMs = STATE_TIMEOUT_MS,
) {
  const manifest = manifests.get(driver.id);
  if (!manifest) throw new Error(`no shipped manifest for ${driver.id}`);
  let last = "";
  try {
    return await waitFor(
      async () => {
        const input = { screen: await pane.screen(), title: await pane.title() };
        const verdict = evaluate(manifest, input);
        last = `${verdict.state} by ${verdict.rule}, title ${JSON.stringify(input.title)}\n${input.screen}`;
        return verdict.state === state ? verdict : undefined;
      },
      timeoutMs,
      `${driver.id} to be ${state}`,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; last verdict: ${last}`);
  }
}

describe("real agents against the stand-in model", () => {
  for (const driver of DRIVERS) {
    const problem = problems.get(driver.id);
    if (problem) console.log(`skipping ${driver.id}: ${problem}`);
    (problem ? test.skip : test)(
      `${driver.id}: detection follows a real session through idle, working, approval, question and back to idle`,
      async () => {
        const session = await openSession(driver.id, driver.prepare);
        const { pane, standIn, scratch } = session;
        try {
          await driver.toPrompt(pane);
          expect(identifyArgv(await pane.argv(), manifests)?.kind).toBe(driver.id);
          await expectState(driver, pane, "idle");

          standIn.script.push(slowText(SLOW_LINES, LINE_DELAY_MS));
          await pane.submit("Write twelve lines slowly");
          await expectState(driver, pane, "working", driver.firstReplyTimeoutMs);
          await waitFor(
            () => standIn.mainRequests().length >= 1,
            driver.firstReplyTimeoutMs,
            "the model call",
          );
          await pane.waitFor(/line 12 of/, STATE_TIMEOUT_MS, "the end of the reply");
          await expectState(driver, pane, "idle");

          standIn.script.push(
            driver.approvalCall(`sleep ${TOOL_SECONDS} && touch approved.txt`),
            text(["The command finished."]),
          );
          await pane.submit("Run a command");
          await expectState(driver, pane, "blocked");
          expect(existsSync(`${scratch.project}/approved.txt`)).toBe(false);
          await pane.answer(...driver.approveKeys);
          await expectState(driver, pane, "working");
          await pane.waitFor(/The command finished\./, STATE_TIMEOUT_MS, "the reply after the command");
          await expectState(driver, pane, "idle");
          expect(existsSync(`${scratch.project}/approved.txt`)).toBe(true);

          if (!driver.questionCall) return;
          await driver.beforeQuestion?.(pane, async () => undefined);
          standIn.script.push(driver.questionCall, text(["Thanks, noted."]));
          await pane.submit("Ask me a question");
          await pane.waitFor(/Which file name should I use\?/, STATE_TIMEOUT_MS, "the question");
          await expectState(driver, pane, "blocked");
          await pane.answer("Enter");
          await pane.waitFor(/Thanks, noted\./, STATE_TIMEOUT_MS, "the reply after the answer");
          await expectState(driver, pane, "idle");
        } finally {
          await session.close();
        }
      },
      TEST_TIMEOUT_MS,
    );
  }
});
