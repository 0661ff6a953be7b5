// A new conversation of the same agent: its session id or its transcript's path moved from
// one it had reported to another (`/clear`, `/resume`, a new chat). A session reported where
// none was, or taken away, is no new conversation: the first report of a session, or another
// agent's report taking the last one's, is not the agent starting over.

export interface Conversation {
  id: string;
  path: string;
}

export const NO_CONVERSATION: Conversation = { id: "", path: "" };

export function isNewConversation(before: Conversation, now: Conversation): boolean {
  return (
    (before.id !== "" && now.id !== "" && before.id !== now.id) ||
    (before.path !== "" && now.path !== "" && before.path !== now.path)
  );
}

/** What is known after a read: each part as reported last, an empty part keeping the one before. */
export const latestConversation = (before: Conversation, now: Conversation): Conversation => ({
  id: now.id || before.id,
  path: now.path || before.path,
});
