// taw's inbox over the socket (herdr has no such method; these are taw's own names, in
// herdr's shapes): agent.inbox lists every blocked agent and what it asks, agent.answer
// answers one. Both call the verbs `taw agent inbox|answer` call (src/inbox/list.ts,
// reply.ts), so the socket types only what the command line would: the prompt re-read and
// matched first, risk rules applied. The engine that hosts the socket is the one they read.

import type { Answer } from "../../detect/prompt.ts";
import { entryRecord, listInbox } from "../../inbox/list.ts";
import { replyTo } from "../../inbox/reply.ts";
import type { MethodContext } from "../context.ts";
import { optionalCount, optionalString, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { verb } from "../verb.ts";

type Params = Record<string, unknown>;

export async function agentInboxMethod(_params: Params, ctx: MethodContext) {
  const entries = await verb(() => listInbox(ctx.tmux, ctx.env));
  return { type: "agent_inbox", entries: entries.map(entryRecord) };
}

/** `answer`: "approve" | "always" | "deny" | "option" | "text", with `option`, `text` and
 * `message` (a deny's). */
function answerOf(params: Params): Answer {
  const answer = requiredString(params, "answer");
  const message = optionalString(params, "message");
  if (answer === "approve") return { kind: "approve" };
  if (answer === "always") return { kind: "always" };
  if (answer === "deny") return { kind: "deny", message };
  if (answer === "option") {
    const n = optionalCount(params, "option") ?? 0;
    if (n < 1)
      throw new HerdrError(
        "invalid_params",
        '"option" needs an option number (1, 2, …) as the prompt shows it',
      );
    return { kind: "option", n };
  }
  if (answer === "text") return { kind: "text", text: requiredString(params, "text") };
  throw new HerdrError("invalid_params", `"answer" must be one of approve, always, deny, option, text`);
}

/** `expect` is the prompt id agent.inbox gave: only that prompt is answered. */
export async function agentAnswerMethod(params: Params, ctx: MethodContext) {
  const agent = requiredString(params, "target");
  const answer = answerOf(params);
  const expect = optionalString(params, "expect");
  return {
    type: "agent_answer",
    result: await verb(() => replyTo(ctx.tmux, { agent, answer, expect }, ctx.env), {
      kind: "agent",
      id: agent,
    }),
  };
}
