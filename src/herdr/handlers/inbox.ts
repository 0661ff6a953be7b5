// taw's inbox over the socket (herdr has no such method; these are taw's own names, in
// herdr's shapes): agent.inbox lists every blocked agent and what it asks, agent.answer
// answers one. Both run the very `taw agent inbox|answer` verbs, so the socket types only
// what the command line would: the prompt re-read and matched first, risk rules applied.

import { agentAnswer, agentInbox, entryRecord } from "../../cli/answer.ts";
import { optionalCount, optionalString, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { type MethodContext, runVerb } from "../verb.ts";

type Params = Record<string, unknown>;

export async function agentInboxMethod(_params: Params, ctx: MethodContext) {
  const entries = await runVerb(agentInbox, [], ctx);
  return { type: "agent_inbox", entries: entries.map(entryRecord) };
}

/** `answer`: "approve" | "always" | "deny" | "option" | "text", with `option`, `text`,
 * `message` (a deny's) and `expect` (the prompt id agent.inbox gave) as the verb takes them. */
export async function agentAnswerMethod(params: Params, ctx: MethodContext) {
  const argv = [requiredString(params, "target")];
  const answer = requiredString(params, "answer");
  const message = optionalString(params, "message");
  const expect = optionalString(params, "expect");
  if (answer === "approve") argv.push("--approve");
  else if (answer === "always") argv.push("--approve", "--always");
  else if (answer === "deny") argv.push("--deny", ...(message === undefined ? [] : [`--message=${message}`]));
  else if (answer === "option") argv.push(`--option=${optionalCount(params, "option") ?? 0}`);
  else if (answer === "text") argv.push(`--text=${requiredString(params, "text")}`);
  else throw new HerdrError("invalid_params", `"answer" must be one of approve, always, deny, option, text`);
  if (expect !== undefined) argv.push(`--expect=${expect}`);
  return { type: "agent_answer", result: await runVerb(agentAnswer, argv, ctx) };
}
