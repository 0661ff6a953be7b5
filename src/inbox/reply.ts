// Answering one blocked agent as a verb (`taw agent answer`, herdr's agent.answer): exactly as
// the dashboard's Inbox does (answer.ts: re-read, risk rules, confirm), and an answer the
// agent did not take is an error, not a quiet result.

import type { Answer } from "../detect/prompt.ts";
import { EXIT, TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { type AnswerResult, answerAgent } from "./answer.ts";
import { riskRulesOf } from "./list.ts";
import { PromptReader } from "./read.ts";

export interface ReplyInput {
  /** The agent as the user named it: a pane id or an agent's name. */
  agent: string;
  answer: Answer;
  /** The prompt id the inbox showed: answer only if that prompt is still on screen. */
  expect?: string;
}

export async function replyTo(
  tmux: Tmux,
  input: ReplyInput,
  env: Record<string, string | undefined>,
): Promise<AnswerResult> {
  const result = await answerAgent(tmux, new PromptReader(), input.agent, input.answer, {
    rules: riskRulesOf(env),
    expect: input.expect,
  });
  if (!result.left) {
    throw new TawError(
      "still_blocked",
      `typed ${result.typed.join(" ")} into ${result.label}, but it still shows the same prompt; look at the pane`,
      EXIT.timeout,
    );
  }
  return result;
}
