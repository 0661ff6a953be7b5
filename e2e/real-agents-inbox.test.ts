// Answering real agents through the inbox's path (`taw agent answer`, the installed CLI, with
// an engine on the agent's server): each real CLI runs against the stand-in model (drivers
// from e2e/record), asks to run a command (approved: the command runs and the turn goes on),
// asks again (denied: the command does not run), and asks a question (option 2 is picked:
// the model is told "notes.md"). One agent at a time; they are CPU-heavy (the ten take about
// two and a half minutes here).

import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { AGENT_PACKAGES, ensureAgent } from "./agents.ts";
import { runTaw, userEnv, waitFor } from "./harness.ts";
import { claudeDriver } from "./record/claude.ts";
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
import { text } from "./standin/script.ts";

const DRIVERS: AgentDriver[] = [
  claudeDriver,
  codexDriver,
  geminiDriver,
  opencodeDriver,
  copilotDriver,
  qwenDriver,
  piDriver,
  grokDriver,
  continueDriver,
  kiloDriver,
];
/** pi's gate asks for `… && rm -rf ./build-cache` (its driver's call): never approved from the
 * inbox, so its first request is refused there and denied instead. */
const NEVER_APPROVED = new Set(["pi"]);
const TEST_TIMEOUT_MS = 150_000;
const STEP_MS = 30_000;

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

interface Inbox {
  pane_id: string;
  tmux_id: string;
  group: string;
  ask: string;
  options: string[];
  prompt_id: string;
}

/** taw against the agent's own tmux server. */
const tawOn = (pane: AgentPane, args: string[]) =>
  runTaw(args, userEnv({ TAW_TMUX_NAME: pane.socket, TAW_TMUX_SOCKET: "" }));

/** The agent's inbox entry once the engine has it blocked on a prompt taw reads as `group`. */
async function waiting(pane: AgentPane, group: string): Promise<Inbox> {
  let last = "";
  return waitFor(
    async () => {
      const result = await tawOn(pane, ["agent", "inbox", "--json"]);
      last = result.stdout + result.stderr;
      const entries = (result.json?.result ?? []) as Inbox[];
      return entries.find((entry) => entry.group === group && entry.prompt_id);
    },
    STEP_MS,
    `an ${group} in the inbox`,
  ).catch((error) => {
    throw new Error(`${(error as Error).message}; last inbox: ${last}`);
  });
}

/** The newest item of a request's conversation (the tool's result, after an answer), as
 * text: Anthropic and chat `messages`, Responses `input`, Gemini `contents`. */
// biome-ignore lint/suspicious/noExplicitAny: agent request bodies.
function lastTurn(body: any): string {
  const turns = body?.messages ?? body?.input ?? body?.contents ?? [];
  return JSON.stringify(Array.isArray(turns) ? turns.at(-1) : turns);
}

async function answer(pane: AgentPane, entry: Inbox, flags: string[]) {
  const result = await tawOn(pane, [
    "agent",
    "answer",
    entry.pane_id,
    ...flags,
    "--expect",
    entry.prompt_id,
    "--json",
  ]);
  if (result.code !== 0)
    throw new Error(`taw agent answer ${flags.join(" ")}: ${result.stderr}\n${await pane.screen()}`);
  expect(result.json?.result).toMatchObject({ left: true });
  return result.json?.result as { typed: string[]; state: string };
}

describe("real agents answered through the inbox", () => {
  for (const driver of DRIVERS) {
    const problem = problems.get(driver.id);
    if (problem) console.log(`skipping ${driver.id}: ${problem}`);
    (problem ? test.skip : test)(
      `${driver.id}: ${
        NEVER_APPROVED.has(driver.id)
          ? "its rm -rf request is not approved from the inbox, its deny is obeyed"
          : "an approval is approved and runs, a second one is denied and does not"
      }${driver.questionCall ? ", a question gets option 2" : " (it has no question tool)"}`,
      async () => {
        const session = await openSession(driver.id, driver.prepare);
        const { pane, standIn, scratch } = session;
        try {
          await driver.toPrompt(pane);
          const engine = await tawOn(pane, ["engine"]);
          expect(engine.code).toBe(0);

          if (NEVER_APPROVED.has(driver.id)) {
            standIn.script.push(driver.approvalCall("touch approved.txt"));
            await pane.submit("Run a command");
            const risky = await waiting(pane, "approval");
            expect(risky.ask).toContain("rm -rf");
            const refused = await tawOn(pane, ["agent", "answer", risky.pane_id, "--approve"]);
            expect(refused.code).toBe(1);
            expect(refused.stderr).toMatch(/nothing was typed: .*matches never_approve/);
            // Still asking: the refusal typed nothing.
            expect((await waiting(pane, "approval")).prompt_id).toBe(risky.prompt_id);
            await answer(pane, risky, ["--deny"]);
            await driver.waitIdle(pane, "the prompt after the denied command");
            standIn.script.clear();
            expect(existsSync(`${scratch.project}/approved.txt`)).toBe(false);
          } else {
            standIn.script.push(driver.approvalCall("touch approved.txt"), text(["The command finished."]));
            await pane.submit("Run a command");
            const approval = await waiting(pane, "approval");
            // Qwen's driver wraps the command (`timeout 8 …; touch approved.txt`).
            expect(approval.ask).toContain("touch approved.txt");
            await answer(pane, approval, ["--approve"]);
            await pane.waitFor(/The command finished\./, STEP_MS, "the reply after the approved command");
            await waitFor(() => existsSync(`${scratch.project}/approved.txt`), STEP_MS, "approved.txt");
            await driver.waitIdle(pane, "the prompt after the approved command");
          }

          standIn.script.push(driver.approvalCall("touch denied.txt"), text(["Ran it anyway."]));
          await pane.submit("Run another command");
          const second = await waiting(pane, "approval");
          expect(second.ask).toContain("touch denied.txt");
          await answer(pane, second, ["--deny"]);
          await driver.waitIdle(pane, "the prompt after the denied command");
          standIn.script.clear();
          expect(existsSync(`${scratch.project}/denied.txt`)).toBe(false);

          if (!driver.questionCall) return;
          await driver.beforeQuestion?.(pane, async () => undefined);
          standIn.script.push(driver.questionCall, text(["Thanks, noted."]));
          const asked = standIn.mainRequests().length;
          await pane.submit("Ask me which file name to use");
          const question = await waiting(pane, "question");
          expect(question.ask).toBe("Which file name should I use?");
          expect(question.options[1]).toMatch(/^notes\.md/);
          await answer(pane, question, ["--option", "2"]);
          await pane.waitFor(/Thanks, noted\./, STEP_MS, "the reply after the answer");
          // The agent went on with the answer it was given: the model was told notes.md.
          const reply = lastTurn(standIn.mainRequests().slice(asked).at(-1)?.body);
          expect(reply).toContain("notes.md");
          expect(reply).not.toContain("notes.txt");
          await driver.afterQuestion?.(pane);
        } finally {
          await tawOn(pane, ["engine", "stop"]).catch(() => undefined);
          await session.close();
        }
      },
      TEST_TIMEOUT_MS,
    );
  }
});
