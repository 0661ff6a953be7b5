// The Inbox's keys: answer the selected waiting agent (src/inbox).

import { type DashState, inboxEntryOf, selectedPaneId } from "../store.ts";
import { type KeyCommand, LIST } from "./command.ts";
import { inboxActions } from "./lazy.ts";

const inInbox = (state: DashState) => state.view === "inbox";
/** The selected agent (Inbox, or a blocked one in Agents) waits on a prompt taw read. */
const canAnswer = (state: DashState) => {
  if (state.view !== "inbox" && state.view !== "agents") return false;
  const paneId = selectedPaneId(state);
  return inboxEntryOf(state, paneId)?.promptId !== undefined;
};
const OPTION_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

export const INBOX_COMMANDS: KeyCommand[] = [
  {
    id: "inbox-approve",
    short: "approve",
    keys: ["a", "A"],
    hint: "a/A",
    title: "approve once / always (A: the agent stops asking); never_approve jumps instead",
    category: "Inbox",
    modes: LIST,
    footer: true,
    when: canAnswer,
    run: async (c, key) =>
      (await inboxActions()).answerSelected(c, { kind: key === "A" ? "always" : "approve" }),
  },
  {
    id: "inbox-deny",
    short: "deny",
    keys: ["d"],
    hint: "d",
    title: "deny",
    category: "Inbox",
    modes: LIST,
    footer: true,
    when: canAnswer,
    run: async (c) => (await inboxActions()).answerSelected(c, { kind: "deny" }),
  },
  {
    id: "inbox-option",
    short: "option",
    keys: OPTION_KEYS,
    hint: "1-9",
    title: "pick option N of the prompt",
    category: "Inbox",
    modes: LIST,
    footer: true,
    when: canAnswer,
    run: async (c, key) => (await inboxActions()).answerSelected(c, { kind: "option", n: Number(key) }),
  },
  {
    id: "inbox-type",
    keys: ["t"],
    hint: "t",
    title: "type: a free answer to a question, or deny an approval and say what to do instead",
    category: "Inbox",
    modes: LIST,
    when: canAnswer,
    run: async (c) => (await inboxActions()).askAnswer(c),
  },
  {
    id: "inbox-safe",
    short: "approve read-only",
    keys: ["Y"],
    hint: "Y",
    title: "approve every waiting command [inbox] read_only calls safe, nothing else",
    category: "Inbox",
    modes: LIST,
    footer: true,
    when: inInbox,
    run: async (c) => (await inboxActions()).approveAllSafe(c),
  },
  {
    id: "inbox-approve-yes",
    short: "approve",
    keys: ["y"],
    hint: "y",
    title: "yes, approve what the [inbox] rules do not call read-only",
    category: "Inbox",
    modes: ["approve"],
    footer: true,
    run: async (c) => (await inboxActions()).confirmApprove(c),
  },
];
