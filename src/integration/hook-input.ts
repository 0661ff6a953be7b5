// What taw takes from the JSON an agent hands its hooks on stdin: the conversation id and
// transcript path under the names each agent uses, and whether it is a subagent's event
// (Claude's `agent_id`), which says nothing about the pane's own agent.

export interface HookInput {
  sessionId?: string;
  sessionPath?: string;
  subagent: boolean;
}

const ID_KEYS = ["session_id", "sessionId", "conversation_id", "conversationId", "thread-id", "thread_id"];
const PATH_KEYS = ["transcript_path", "transcriptPath", "session_path"];
/** Ids that name no conversation: Mastra Code's hooks say `session-init` until its first
 * thread exists (its first prompt included; seen with 0.32.1). */
const PLACEHOLDER_IDS = new Set(["session-init"]);

function first(input: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = input[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** Anything that is not a JSON object reads as no input: a hook never fails on it. */
export function parseHookInput(text: string): HookInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { subagent: false };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { subagent: false };
  const input = value as Record<string, unknown>;
  const id = first(input, ID_KEYS);
  return {
    sessionId: id && !PLACEHOLDER_IDS.has(id) ? id : undefined,
    sessionPath: first(input, PATH_KEYS),
    subagent: typeof input.agent_id === "string" && input.agent_id !== "",
  };
}
