// The group of a block an agent reported in words instead of drawing a prompt taw reads
// (Crush's "Permission required…", a hook's "Claude is waiting for your input"): what the
// words ask for, so it is listed with the approvals or the questions rather than as `other`.

import type { PromptKind } from "../detect/prompt-schema.ts";

const APPROVAL = /\b(permission|approv\w*|allow|authori[sz]\w*|confirm\w*|run (this|the) command|may i)\b/i;
const SETUP =
  /\b(log ?in|sign ?in|api key|authenticat\w*|trust\b.*\b(folder|directory|workspace|files)|select a (provider|model|theme))\b/i;
const QUESTION = /\b(question|answer|waiting for (your )?input|choose|pick|which|input needed)\b|\?\s*$/i;

/** The group a reported message asks for; `other` when the words say nothing of it. */
export function reportedGroup(message: string): PromptKind | "other" {
  if (SETUP.test(message)) return "setup";
  if (APPROVAL.test(message)) return "approval";
  if (QUESTION.test(message)) return "question";
  return "other";
}
