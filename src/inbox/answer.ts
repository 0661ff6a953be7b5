// Answering a blocked agent as safely as typing it yourself: read the prompt, check the
// answer fits it and the risk rules allow it, read the pane AGAIN right before typing and
// type nothing if the prompt is not the same one (same rule, same words, same options; and
// the one the caller saw, when it says which), type the keys, then watch the screen until
// the agent has left that prompt, or say that it did not.

import { submitKeyFor } from "../agent/kinds.ts";
import { findRunningAgent, paneLabel } from "../agent/pane.ts";
import { PASTE_SETTLE_MS } from "../agent/prompt.ts";
import {
  type Answer,
  answerKeys,
  answerProblem,
  approvesRequest,
  type KeyStep,
  type Prompt,
} from "../detect/prompt.ts";
import { EXIT, TawError, usageError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { literalKeys, target, word } from "../tmux/escape.ts";
import { pasteText } from "../tmux/paste.ts";
import type { PaneRead, PromptReader } from "./read.ts";
import { classify, type Risk, type RiskRules } from "./risk.ts";

/** Between two keys: Esc then Enter sent together read as Alt-Enter; menus redraw between. */
const KEY_GAP_MS = 120;
const POLL_MS = 150;
/** How long the agent gets to leave the prompt after the keys. */
export const CONFIRM_MS = 8000;
/** How long a denied agent gets to come back to its prompt before its message is typed. */
const MESSAGE_WAIT_MS = 15_000;

export interface AnswerOptions {
  rules: RiskRules;
  /** The prompt id the caller saw (the inbox's, `taw agent inbox`); another one is not answered. */
  expect?: string;
  /** The auto-approver: approves only what the rules mark auto. */
  auto?: boolean;
  confirmMs?: number;
}

export interface AnswerResult {
  pane_id: string;
  tmux_id: string;
  label: string;
  prompt_id: string;
  kind: Prompt["kind"];
  ask: string;
  answer: Answer;
  /** What was typed: key names, and literal text in quotes. */
  typed: string[];
  /** The agent left the prompt within the wait. */
  left: boolean;
  /** The state its screen shows after the answer. */
  state: string;
  risk: Risk;
  message_sent: boolean;
}

const nothingTyped = (code: string, message: string) => new TawError(code, `nothing was typed: ${message}`);

export async function answerAgent(
  tmux: Tmux,
  reader: PromptReader,
  paneText: string,
  answer: Answer,
  opts: AnswerOptions,
): Promise<AnswerResult> {
  const { pane } = await findRunningAgent(tmux, paneText);
  const label = paneLabel(pane);
  const kind = pane.agent.kind || pane.agent.kindHint;
  const { prompt, id, risk } = await checkedPrompt(
    tmux,
    reader,
    pane.id,
    kind,
    label,
    pane.path,
    answer,
    opts,
  );
  // The second read: between the first and now the agent may have moved on.
  const again = await reader.read(tmux, pane.id, kind);
  if (again?.promptId !== id) {
    throw nothingTyped(
      "prompt_changed",
      `the prompt on ${label} changed while it was being answered; read it again`,
    );
  }
  const steps = answerKeys(prompt, answer);
  await typeSteps(tmux, pane.id, steps);
  const after = await waitToLeave(tmux, reader, pane.id, kind, id, opts.confirmMs ?? CONFIRM_MS);
  const left = after !== undefined;
  let messageSent = false;
  if (left && answer.kind === "deny" && answer.message) {
    await waitForPrompt(tmux, reader, pane.id, kind, label);
    await pasteText(tmux, pane.id, answer.message);
    await Bun.sleep(PASTE_SETTLE_MS);
    await tmux.run(["send-keys", "-t", target(pane.id), word(submitKeyFor(kind))]);
    messageSent = true;
  }
  return {
    pane_id: pane.publicId,
    tmux_id: pane.id,
    label,
    prompt_id: id,
    kind: prompt.kind,
    ask: prompt.ask,
    answer,
    typed: steps.map((step) => ("key" in step ? step.key : JSON.stringify(step.literal))),
    left,
    state: (after ?? again)?.state ?? "unknown",
    risk,
    message_sent: messageSent,
  };
}

/** The first read: a prompt taw reads, the one the caller saw, an answer that fits it and
 * that the risk rules allow; else an error, with nothing typed. */
async function checkedPrompt(
  tmux: Tmux,
  reader: PromptReader,
  paneId: string,
  kind: string,
  label: string,
  folder: string,
  answer: Answer,
  opts: AnswerOptions,
): Promise<{ prompt: Prompt; id: string; risk: Risk }> {
  const jump = "jump to it and answer there (Enter on it in the dashboard)";
  const read = await reader.read(tmux, paneId, kind);
  const prompt = read?.prompt;
  const id = read?.promptId;
  if (!prompt || !id) {
    if (read?.state === "blocked") {
      throw nothingTyped("no_prompt", `${label} is blocked on a prompt taw cannot read; ${jump}`);
    }
    throw nothingTyped(
      "no_prompt",
      `${label} is not waiting on a prompt (its screen reads ${read?.state ?? "unknown"})`,
    );
  }
  if (opts.expect && opts.expect !== id) {
    throw nothingTyped(
      "prompt_changed",
      `the prompt on ${label} changed since it was read (now ${id}: ${prompt.ask || prompt.kind}); read it again`,
    );
  }
  const problem = answerProblem(prompt, answer);
  if (problem) throw usageError(`${problem} (nothing was typed)`);
  const risk = classify(prompt, folder, opts.rules);
  if (approvesRequest(prompt, answer) && risk.level === "never") {
    throw nothingTyped("needs_jump", `${risk.reason}, so the inbox never approves it; ${jump}`);
  }
  if (opts.auto && risk.level !== "auto") {
    throw nothingTyped("not_auto", `${risk.reason}: not an auto_approve match`);
  }
  return { prompt, id, risk };
}

async function typeSteps(tmux: Tmux, paneId: string, steps: KeyStep[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await Bun.sleep(KEY_GAP_MS);
    if ("key" in step) await tmux.run(["send-keys", "-t", target(paneId), word(step.key)]);
    else await tmux.run(["send-keys", "-t", target(paneId), "-l", "--", literalKeys(step.literal)]);
  }
}

/** The read once the screen is no longer that prompt; undefined when it still is at the end. */
async function waitToLeave(
  tmux: Tmux,
  reader: PromptReader,
  paneId: string,
  kind: string,
  id: string,
  ms: number,
): Promise<PaneRead | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    await Bun.sleep(POLL_MS);
    const read = await reader.read(tmux, paneId, kind);
    if (read?.state !== "blocked" || read.promptId !== id) return read;
    if (Date.now() >= deadline) return undefined;
  }
}

/** After a deny: until the agent is back at its prompt, ready for the message. */
async function waitForPrompt(tmux: Tmux, reader: PromptReader, paneId: string, kind: string, label: string) {
  const deadline = Date.now() + MESSAGE_WAIT_MS;
  for (;;) {
    const read = await reader.read(tmux, paneId, kind);
    if (read && read.state !== "blocked" && read.state !== "working") return;
    if (Date.now() >= deadline) {
      throw new TawError(
        "still_busy",
        `the deny was typed, but ${label} did not come back to its prompt within ${MESSAGE_WAIT_MS / 1000} s; the message was not sent`,
        EXIT.timeout,
      );
    }
    await Bun.sleep(POLL_MS);
  }
}
