// Real agents' conversations survive `kill-server`. Each agent (pinned in e2e/agents.ts) runs
// in tmux against the stand-in with taw's integration installed and is told a word; taw saves
// the session; the server is killed; `taw session restore --all` remakes the session and types
// the resume command the hook recorded into a fresh login shell, once; the resumed agent
// shows the earlier turn and sends it to the model with the next question.

import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { claude } from "../src/integration/claude.ts";
import { codex } from "../src/integration/codex.ts";
import { gemini } from "../src/integration/gemini.ts";
import { opencode } from "../src/integration/opencode.ts";
import { pi } from "../src/integration/pi.ts";
import { qwen } from "../src/integration/qwen.ts";
import type { Integration } from "../src/integration/types.ts";
import { ensureAgent } from "./agents.ts";
import { runTaw, TAW, waitFor, withTaw } from "./harness.ts";
import { claudeDriver } from "./record/claude.ts";
import { codexDriver, codexToPromptWithHooks } from "./record/codex.ts";
import { geminiDriver } from "./record/gemini.ts";
import { opencodeDriver } from "./record/opencode.ts";
import type { AgentPane } from "./record/pane.ts";
import { piDriver } from "./record/pi.ts";
import { qwenDriver } from "./record/qwen.ts";
import { type AgentDriver, openSession } from "./record/session.ts";
import { text } from "./standin/script.ts";

const TEST_TIMEOUT_MS = 300_000;
/** A third-party CLI in a loaded terminal can miss a step once; a fault of taw's fails both
 * tries, and the first try's reason is printed either way. */
const RETRIES = 1;
const STEP_TIMEOUT_MS = 60_000;
/** A prompt typed the moment the input shows can be lost on a loaded machine. */
const PROMPT_SETTLE_MS = 1_500;
const RESUME_SETTLE_MS = 2_000;
const WORD = "PELICAN";
const FIRST = `Remember the word ${WORD}`;
const NOTED = `Noted: the word is ${WORD}.`;
/** No "?": typed into an agent's input it can open a shortcuts panel instead. */
/** The line a restored pane's saved history ends with. */
const DIVIDER = "-- taw: restored from";
const SECOND = "Say the word I asked you to remember";

interface Case {
  driver: AgentDriver;
  integration: Integration;
  /** From the first screen to the prompt, with taw's hook installed. */
  toPrompt?: (pane: AgentPane) => Promise<void>;
}

const CASES: Case[] = [
  { driver: claudeDriver, integration: claude },
  { driver: codexDriver, integration: codex, toPrompt: codexToPromptWithHooks },
  { driver: geminiDriver, integration: gemini },
  { driver: qwenDriver, integration: qwen },
  { driver: opencodeDriver, integration: opencode },
  { driver: piDriver, integration: pi },
];

const option = async (pane: AgentPane, name: string) =>
  (await pane.tmux("show-options", "-pqv", "-t", "rec:0.0", name)).trim();

/** Everything the model was sent in one request, as text. */
const sent = (body: unknown) => JSON.stringify(body ?? {});

async function withScreen<T>(pane: AgentPane, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    throw new Error(`${(error as Error).message}\nscreen:\n${await pane.screen().catch(() => "")}`);
  }
}

async function turn(pane: AgentPane, driver: AgentDriver, prompt: string, reply: RegExp, what: string) {
  await Bun.sleep(PROMPT_SETTLE_MS);
  await pane.submit(prompt);
  await pane.waitFor(reply, driver.firstReplyTimeoutMs, what);
  await driver.waitIdle(pane, `${driver.id} at rest after ${what}`);
}

describe("real agents resumed after kill-server", () => {
  for (const { driver, integration, toPrompt } of CASES) {
    test(
      `${driver.id} comes back in its conversation: the resume typed once, the earlier turn sent again`,
      async () => {
        const bin = await ensureAgent(driver.id);
        const started = Date.now();
        const steps: string[] = [];
        const step = (what: string) => steps.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${what}`);
        let agentEnv: Record<string, string> = {};
        const session = await openSession(driver.id, async (scratch, standIn) => {
          const launch = await driver.prepare(scratch, standIn);
          integration.install(scratch.env, TAW);
          // Restored panes run the user's shell as a login shell: sh here, no rc files of ours.
          const env = { ...launch.env, SHELL: "/bin/sh" };
          agentEnv = { ...scratch.env, ...env, PATH: `${dirname(bin)}:${scratch.env.PATH}` };
          return { ...launch, env };
        });
        const { pane, standIn, scratch } = session;
        // A login shell's /etc/profile resets PATH: the user's profile puts the agent back.
        writeFileSync(join(scratch.home, ".profile"), `export PATH="${dirname(bin)}:$PATH"\n`);
        const config = join(scratch.home, "taw-config");
        mkdirSync(config);
        writeFileSync(join(config, "config.toml"), '[sessions]\nresume_agents = "always"\n');
        // taw as the agent's user runs it: the agent's whole environment and nothing of the
        // runner's (a CI=true there makes a restored Gemini headless), on the agent's server.
        const env = withTaw(agentEnv, {
          TAW_TMUX_NAME: pane.socket,
          TAW_TMUX_SOCKET: "",
          TAW_CONFIG_DIR: config,
          TAW_STATE_DIR: join(scratch.home, "taw-state"),
        });
        try {
          step("started");
          await withScreen(pane, (toPrompt ?? ((p) => driver.toPrompt(p)))(pane));
          step("at the prompt");
          standIn.script.push(text([NOTED]));
          await withScreen(pane, turn(pane, driver, FIRST, /Noted: the word is/, "the first turn"));
          const resume = await withScreen(
            pane,
            waitFor(
              async () => (await option(pane, "@agent_resume_argv")) || undefined,
              STEP_TIMEOUT_MS,
              "a resume command",
            ),
          );

          step(`resume recorded: ${resume}`);
          const saved = await runTaw(["session", "save", "--json"], env);
          expect(saved.json?.ok).toBe(true);
          await pane.tmux("kill-server");
          await waitFor(
            async () => (await pane.tmux("list-sessions").catch(() => "gone")) === "gone",
            10_000,
            "the server to end",
          );

          step("saved, server killed");
          const restored = await runTaw(["session", "restore", "--all", "--json"], env);
          step("restored");
          expect(restored.code).toBe(0);
          expect(restored.json?.result.restored.map((r: { session: string }) => r.session)).toEqual(["rec"]);
          expect(restored.json?.result.resumed).toEqual([
            { session: "rec", pane: expect.any(String), line: resume },
          ]);

          // The resume runs in the pane, once: its argv is the recorded command's words.
          const words = resume.split(" ").slice(1);
          await withScreen(
            pane,
            waitFor(
              async () => (await pane.argv()).join(" ").endsWith(words.join(" ")),
              STEP_TIMEOUT_MS,
              resume,
            ),
          );
          step("the resume runs");
          // Typed once: a second restore finds the session live and types nothing.
          const again = await runTaw(["session", "restore", "--all", "--json"], env);
          expect(again.json?.result).toMatchObject({ restored: [], live: ["rec"], resumed: [] });

          // The resumed agent knows the earlier turn: the model is sent it with the next question.
          // Drawn by the resumed agent, not the restored history above the divider.
          await withScreen(
            pane,
            pane.waitFor(
              (screen) => (screen.split(DIVIDER).at(-1) ?? "").includes(NOTED),
              STEP_TIMEOUT_MS,
              "the earlier turn drawn by the resumed agent",
            ),
          );
          step("the earlier turn drawn");
          await withScreen(pane, driver.waitIdle(pane, `the resumed ${driver.id} at rest`));
          step("the resumed agent at rest");
          // A resumed agent draws its prompt before it has read the conversation back in.
          await Bun.sleep(RESUME_SETTLE_MS);
          const before = standIn.mainRequests().length;
          standIn.script.push(text([`The word was ${WORD}.`]));
          await withScreen(pane, turn(pane, driver, SECOND, /The word was/, "the turn after the resume"));
          const body = sent(standIn.mainRequests().slice(before).at(-1)?.body);
          expect(body).toContain(FIRST);
          expect(body).toContain(NOTED);
          expect(body).toContain(SECOND);
        } catch (error) {
          const reason = `${(error as Error).message}\nsteps:\n${steps.join("\n")}`;
          console.error(`${driver.id} resume failed after ${steps.at(-1) ?? "nothing"}:\n${reason}`);
          throw new Error(reason);
        } finally {
          await session.close();
        }
      },
      { timeout: TEST_TIMEOUT_MS, retry: RETRIES },
    );
  }
});
