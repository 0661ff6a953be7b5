// The recorded walk every agent goes through: first-run screens, idle, thinking, streaming,
// a shell call waiting for approval and then running, a question, idle after each, and the
// approval / streaming / interrupt states again at smaller sizes. Each agent's script
// supplies a driver (its screens, tools and keys); this file decides what is captured.

import { loadManifests } from "../../src/detect/manifest.ts";
import { slowText, text } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import { Recorder } from "./fixtures.ts";
import type { AgentPane } from "./pane.ts";
import { type AgentDriver, openSession } from "./session.ts";
import { judgeFixtures, verdictReport } from "./verdicts.ts";

export const STEP_TIMEOUT_MS = 30_000;
const SLOW_LINES = 10;
const LINE_DELAY_MS = 900;
/** The model's pause before its first word, so the thinking spinner can be captured. */
const THINK_MS = 4000;
/** The approved command sleeps this long, so the "tool running" screen can be captured. */
const TOOL_SECONDS = 8;
const POLL_MS = 100;
/** Between keys that must arrive as separate presses (OpenCode's Esc Esc). */
const KEY_GAP_MS = 300;
/** After the screen shows what we waited for, let the rest of the frame draw. */
const SETTLE_CAPTURE_MS = 500;

/** Sizes a pane in a dashboard split really has: the states again at each. */
const SIZES = [
  { label: "narrow", width: 80, height: 30 },
  { label: "small", width: 60, height: 16 },
];

/** When the model has been asked (its main requests grew past `before`). */
async function modelAsked(standIn: StandIn, driver: AgentDriver, before: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (standIn.mainRequests().length === before && Date.now() < deadline) await Bun.sleep(POLL_MS);
  if (standIn.mainRequests().length === before) throw new Error(`${driver.id} never called the model`);
  return Date.now();
}

/** Until line `n` of the slow reply streaming since `since` is on screen; for an agent that
 * shows a reply only once it is complete, until the stand-in has sent that line. */
async function replyLine(
  pane: AgentPane,
  driver: AgentDriver,
  since: number,
  n: number,
  timeoutMs: number,
  what: string,
  tag = "",
): Promise<void> {
  if (driver.holdsReplyText) return Bun.sleep(Math.max(0, since + n * LINE_DELAY_MS - Date.now()));
  await pane.waitFor((s) => s.includes(`${tag} line ${n} of`), timeoutMs, what);
}

export async function recordAgent(driver: AgentDriver): Promise<string[]> {
  const session = await openSession(driver.id, driver.prepare);
  const { pane, standIn } = session;
  const rec = new Recorder(driver.id, session.version);
  const capture = rec.capture.bind(rec, pane);
  try {
    await driver.toPrompt(pane, (name, note) => capture(name, "blocked", note));
    await Bun.sleep(1500);
    await capture("idle-fresh", "idle", "fresh prompt after the first-run screens");
    await pane.type("Write a short poem");
    await Bun.sleep(SETTLE_CAPTURE_MS);
    await capture("idle-draft", "idle", "prompt with typed text not yet submitted");
    await pane.keys("C-u");
    await Bun.sleep(300);

    standIn.script.push(slowText(SLOW_LINES, LINE_DELAY_MS, THINK_MS));
    const asked = standIn.mainRequests().length;
    await pane.submit("Write ten lines slowly");
    // Captured once the model has been asked and is still "thinking": before that the
    // agent may not have started the turn at all (OpenCode's first prompt takes seconds).
    const askedAt = await modelAsked(standIn, driver, asked, driver.firstReplyTimeoutMs);
    await Bun.sleep(THINK_MS / 2);
    await capture("working-thinking", "working", "turn started, the model asked, no reply text yet");
    await replyLine(pane, driver, askedAt + THINK_MS, 2, driver.firstReplyTimeoutMs, "the slow reply");
    await capture("working-streaming", "working", "streaming a slow text reply");
    await replyLine(pane, driver, askedAt + THINK_MS, 6, STEP_TIMEOUT_MS, "more of the slow reply");
    await capture("working-streaming-later", "working", "streaming a slow text reply, later");
    await pane.waitFor(/line 10 of/, STEP_TIMEOUT_MS, "the end of the reply");
    await driver.waitIdle(pane, "the prompt after the reply");
    await capture("idle-after-reply", "idle", "prompt after a finished streamed reply");

    standIn.script.push(
      driver.approvalCall(`sleep ${TOOL_SECONDS} && touch ran.txt`),
      text(["The command finished."]),
    );
    await pane.submit("Run a slow command");
    await pane.waitFor(driver.approvalScreen, STEP_TIMEOUT_MS, "the approval prompt");
    await Bun.sleep(SETTLE_CAPTURE_MS);
    await capture(`blocked-${driver.approvalCase}`, "blocked", driver.approvalNote);
    await pane.answer(...driver.approveKeys);
    await pane.waitFor((s) => !driver.approvalScreen.test(s), STEP_TIMEOUT_MS, "the command running");
    await Bun.sleep(2000);
    await capture("working-tool-running", "working", "approved command running (sleep)");
    await pane.waitFor(/The command finished\./, STEP_TIMEOUT_MS, "the reply after the command");
    await driver.waitIdle(pane, "the prompt after the command");
    await capture("idle-after-tool", "idle", "prompt after a command ran and the turn ended");

    if (driver.questionCall) {
      await driver.beforeQuestion?.(pane, capture);
      standIn.script.push(driver.questionCall, text(["Thanks, noted."]));
      await pane.submit("Ask me which file name to use");
      await pane.waitFor(/Which file name should I use\?/, STEP_TIMEOUT_MS, "the question");
      await Bun.sleep(SETTLE_CAPTURE_MS);
      await capture("blocked-question", "blocked", driver.questionNote ?? "the question tool");
      await pane.answer("Enter");
      await pane.waitFor(/Thanks, noted\./, STEP_TIMEOUT_MS, "the reply after the answer");
      await driver.waitIdle(pane, "the prompt after the answer");
      await capture("idle-after-answer", "idle", "prompt after answering the question");
      await driver.afterQuestion?.(pane);
    }

    if (driver.write) {
      standIn.script.push(driver.write.call(`${session.scratch.project}/notes.txt`), text(["Wrote it."]));
      await pane.submit("Write notes.txt");
      await pane.waitFor(driver.write.screen, STEP_TIMEOUT_MS, "the write approval");
      await Bun.sleep(SETTLE_CAPTURE_MS);
      await capture(`blocked-${driver.write.case}`, "blocked", driver.write.note);
      await pane.answer(...driver.approveKeys);
      await pane.waitFor(/Wrote it\./, STEP_TIMEOUT_MS, "the reply after the write");
      await driver.waitIdle(pane, "the prompt after the write");
      await capture("idle-after-write", "idle", "prompt after an approved file write");
    }

    for (const { label, width, height } of SIZES) {
      const size = `${width}x${height}`;
      await pane.resize(width, height);
      await Bun.sleep(1000);
      standIn.script.push(driver.approvalCall(`touch ${label}.txt`), text(["Created."]));
      await pane.submit("Create a file");
      await pane.waitFor(driver.approvalScreen, STEP_TIMEOUT_MS, `the approval prompt at ${size}`);
      await Bun.sleep(SETTLE_CAPTURE_MS);
      await capture(`blocked-${driver.approvalCase}-${label}`, "blocked", `${driver.approvalNote}, ${size}`);
      // One key at a time: Esc and Enter sent together read as Alt-Enter.
      for (const key of driver.refuseKeys ?? ["Escape"]) await pane.answer(key);
      // A refused call ends the turn without asking the model again: drop the follow-up.
      standIn.script.clear();
      await driver.waitIdle(pane, `the prompt after refusing at ${size}`);
      await capture(`idle-after-refusal-${label}`, "idle", `prompt after Esc refused the command, ${size}`);
      // Lines of its own: the earlier replies' lines may still be on screen.
      const tag = `Reply at ${size}`;
      standIn.script.push(slowText(SLOW_LINES, LINE_DELAY_MS, 0, tag));
      const before = standIn.mainRequests().length;
      await pane.submit("Write ten lines slowly");
      const sentAt = await modelAsked(standIn, driver, before, STEP_TIMEOUT_MS);
      await replyLine(pane, driver, sentAt, 3, STEP_TIMEOUT_MS, `the slow reply at ${size}`, tag);
      await capture(`working-streaming-${label}`, "working", `streaming a slow reply, ${size}`);
      for (const key of driver.interruptKeys) {
        await pane.keys(key);
        await Bun.sleep(KEY_GAP_MS);
      }
      await driver.waitIdle(pane, `the prompt after interrupting at ${size}`);
      await capture(`idle-after-interrupt-${label}`, "idle", `prompt after Esc interrupted a reply, ${size}`);
    }
    rec.pruneStale();
    return rec.written;
  } finally {
    await session.close();
  }
}

/** `bun e2e/record/<agent>.ts`: record, and say how long it took. */
export async function recordMain(driver: AgentDriver): Promise<void> {
  const started = Date.now();
  const manifests = loadManifests({ userDir: "/nonexistent" });
  const before = judgeFixtures(driver.id, manifests);
  const written = await recordAgent(driver);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`${driver.id}: ${written.length} fixtures in ${seconds} s`);
  const report = verdictReport(before, judgeFixtures(driver.id, manifests));
  console.log(
    report.length === 0
      ? `${driver.id}: detection gives every fixture the verdict it gave before the recording`
      : [`${driver.id}: verdicts that changed (${report.length}):`, ...report.map((l) => `  ${l}`)].join(
          "\n",
        ),
  );
}
