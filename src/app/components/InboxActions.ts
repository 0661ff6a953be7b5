// What the Inbox's keys do: answer the selected waiting agent through the same path as
// `taw agent answer` (src/inbox/answer.ts: re-read, risk rules, confirm), with the prompt id
// the Inbox showed, so a prompt that changed since is not answered. A never-approve
// approval jumps to the pane instead; one the rules leave to the user (risk `ask`) is asked
// first, y / n.

import { loadConfig } from "../../config/load.ts";
import { type Answer, approvesRequest, type Prompt } from "../../detect/prompt.ts";
import { TawError } from "../../errors.ts";
import { answerAgent } from "../../inbox/answer.ts";
import { collectInbox, type InboxEntry } from "../../inbox/collect.ts";
import { PromptReader } from "../../inbox/read.ts";
import { compileRiskRules, type RiskRules } from "../../inbox/risk.ts";
import { type ActionContext, attempt, jump } from "../actions.ts";
import { remoteVerb } from "../remote-actions.ts";
import { hostOf } from "../remote-rows.ts";
import {
  closeOverlay,
  type DashState,
  inboxEntryOf,
  openOverlay,
  selectedPaneId,
  setInbox,
  showMessage,
} from "../store.ts";

const reader = new PromptReader();
let rules: RiskRules | undefined;
/** config.toml's [inbox], read once per dashboard. */
export const inboxRules = () => {
  rules ??= compileRiskRules(loadConfig().config.inbox);
  return rules;
};

/** Read every blocked agent's prompt into the store. */
export async function refreshInbox(ctx: ActionContext): Promise<void> {
  const { snapshot, branches } = ctx.store.getState();
  if (!snapshot) return;
  setInbox(ctx.store, await collectInbox(ctx.tmux, reader, inboxRules(), snapshot, branches));
}

/** The Inbox entry of the selected agent (in the Inbox, or a blocked agent in Agents). */
export function selectedEntry(state: DashState): InboxEntry | undefined {
  return inboxEntryOf(state, selectedPaneId(state));
}

/** An answer key applies: the selected agent waits on a prompt taw read. */
export const canAnswer = (state: DashState) =>
  (state.view === "inbox" || state.view === "agents") && selectedEntry(state)?.promptId !== undefined;

export async function answerSelected(ctx: ActionContext, answer: Answer): Promise<void> {
  const entry = selectedEntry(ctx.store.getState());
  if (!entry?.promptId) {
    showMessage(ctx.store, "no prompt taw can read is selected: Enter jumps to the agent", true);
    return;
  }
  // Another host read the prompt (no Prompt crosses): an approve is what approves there.
  const approves = entry.prompt
    ? approvesRequest(entry.prompt, answer)
    : hostOf(entry.row) !== undefined && (answer.kind === "approve" || answer.kind === "always");
  if (approves && entry.risk.level === "never") {
    // The jump's own message would hide why: the reason is said after it.
    await jump(ctx, entry.row.paneId);
    showMessage(ctx.store, `not approved from the inbox: ${entry.risk.reason}. Look at it yourself.`, true);
    return;
  }
  if (approves && entry.risk.level === "ask") {
    // What the rules leave to the user is asked, not approved on one key.
    openOverlay(ctx.store, {
      kind: "approve",
      paneId: entry.row.paneId,
      label: entry.row.label,
      promptId: entry.promptId,
      answer,
      question: entry.prompt
        ? approveQuestion(entry.prompt, answer)
        : `${answer.kind === "always" ? "always approve" : "approve"} '${entry.ask}' on ${hostOf(entry.row)}? y / n`,
    });
    return;
  }
  await answerEntry(ctx, entry, answer);
}

/** `approve 'rm -rf build'? y / n`, with what else the answer does. */
function approveQuestion(prompt: Prompt, answer: Answer): string {
  const subject = prompt.command ?? prompt.path ?? prompt.ask;
  const verb = answer.kind === "always" ? "always approve" : "approve";
  const option = answer.kind === "option" ? ` (option ${answer.n})` : "";
  return `${verb} '${subject}'${option}? y / n`;
}

/** `y` on the question: approve, if the agent still asks what it asked. */
export async function confirmApprove(ctx: ActionContext): Promise<void> {
  const { overlay } = ctx.store.getState();
  if (overlay.kind !== "approve") return;
  closeOverlay(ctx.store);
  const entry = unchangedEntry(ctx, overlay, "while you decided");
  if (entry) await answerEntry(ctx, entry, overlay.answer);
}

/** `n` or Esc on the question: nothing is typed. */
export function cancelApprove(ctx: ActionContext): void {
  const { overlay } = ctx.store.getState();
  if (overlay.kind !== "approve") return;
  closeOverlay(ctx.store);
  showMessage(ctx.store, `not approved: nothing was typed to ${overlay.label}; it still asks`);
}

/** The entry an overlay was opened on, if its prompt is still the one shown; else says so. */
function unchangedEntry(
  ctx: ActionContext,
  overlay: { paneId: string; label: string; promptId: string },
  when: string,
): InboxEntry | undefined {
  const entry = inboxEntryOf(ctx.store.getState(), overlay.paneId);
  if (entry && entry.promptId === overlay.promptId) return entry;
  showMessage(ctx.store, `nothing was typed: the prompt on ${overlay.label} changed ${when}`, true);
  return undefined;
}

async function answerEntry(ctx: ActionContext, entry: InboxEntry, answer: Answer): Promise<boolean> {
  return attempt(ctx, async () => {
    const host = hostOf(entry.row);
    if (host) {
      // Answered there, by its own taw, under its own [inbox] rules, if it still asks that.
      const result = (await remoteVerb(ctx, entry.row, "inbox.answer", {
        answer,
        ...(entry.promptId ? { expect: entry.promptId } : {}),
      })) as { label?: string; typed?: string[]; state?: string };
      ctx.hosts?.refreshInbox?.(host);
      return `${entry.row.label}: ${(result.typed ?? []).join(" ")} typed; now ${result.state ?? "answered"}`;
    }
    const result = await answerAgent(ctx.tmux, reader, entry.row.paneId, answer, {
      rules: inboxRules(),
      expect: entry.promptId,
    });
    await refreshInbox(ctx);
    if (!result.left) {
      throw new TawError(
        "still_blocked",
        `typed ${result.typed.join(" ")} into ${result.label}, but it still asks`,
      );
    }
    return `${result.label}: ${result.typed.join(" ")} typed; now ${result.state}`;
  });
}

/** `Y`: approve every waiting approval the risk rules call read-only, nothing else. */
export async function approveAllSafe(ctx: ActionContext): Promise<void> {
  const safe = ctx.store.getState().inbox.filter((entry) => entry.risk.level === "safe" && entry.promptId);
  if (safe.length === 0) {
    showMessage(ctx.store, "no waiting approval is read-only ([inbox] read_only): nothing approved");
    return;
  }
  let approved = 0;
  for (const entry of safe) {
    if (await answerEntry(ctx, entry, { kind: "approve" })) approved++;
  }
  const left = ctx.store.getState().inbox.length;
  showMessage(
    ctx.store,
    `approved ${approved} of ${safe.length} read-only request(s); ${left} still waiting`,
  );
}

/** `t`: a question's free answer, or for a prompt without one a deny with a message. */
export function askAnswer(ctx: ActionContext): void {
  const entry = selectedEntry(ctx.store.getState());
  if (!entry?.promptId || !entry.prompt) {
    showMessage(ctx.store, "no prompt taw can read is selected: Enter jumps to the agent", true);
    return;
  }
  const { answers } = entry.prompt;
  const deny = !answers.text;
  if (deny && !(answers.deny && answers.denyMessage)) {
    showMessage(ctx.store, "this prompt takes no typed answer: pick an option (1-9) or deny (d)", true);
    return;
  }
  const overlay = {
    kind: "answer" as const,
    paneId: entry.row.paneId,
    label: entry.row.label,
    promptId: entry.promptId,
    deny,
  };
  openOverlay(ctx.store, overlay);
}

export async function submitAnswer(ctx: ActionContext): Promise<void> {
  const { overlay, input } = ctx.store.getState();
  if (overlay.kind !== "answer") return;
  closeOverlay(ctx.store);
  const entry = unchangedEntry(ctx, overlay, "while you typed");
  if (!entry) return;
  const answer: Answer = overlay.deny
    ? { kind: "deny", message: input.trim() || undefined }
    : { kind: "text", text: input };
  await answerEntry(ctx, entry, answer);
}
