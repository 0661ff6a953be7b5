// What a restore offered, kept on the pane until its user acts on it. A pane restored away
// from its gone folder, or with an agent's conversation still to resume, shows a fresh shell
// in a fallback folder: a save of what is on screen would lose the saved folder and the
// conversation, and a second restart would lose what the first restore still offered. So the
// restore leaves the saved facts on the pane (@agent_restored_facts), and a save keeps them
// while the pane stays in the folder it opened in and no agent of its own has reported a
// conversation there. Once either changes, the live pane is what is saved, and the marks go.

import type { SavedAgent } from "./format.ts";

export const KEPT_FACTS_OPTION = "@agent_restored_facts";

export interface KeptFacts {
  /** The folder the restored pane opened in. */
  opened: string;
  /** The saved folder, and the saved agent. */
  cwd: string;
  agent?: SavedAgent;
}

export const encodeKept = (facts: KeptFacts) => JSON.stringify(facts);

function decodeKept(text: string): KeptFacts | undefined {
  if (text === "") return undefined;
  try {
    const facts = JSON.parse(text);
    return typeof facts?.opened === "string" && typeof facts?.cwd === "string" ? facts : undefined;
  } catch {
    return undefined;
  }
}

/** What the live pane says, as the listing reads it. */
export interface LivePane {
  cwd: string;
  /** The agent in front and the conversation it reported. */
  kind: string;
  sessionId: string;
}

/**
 * The facts a save keeps for a pane: the saved ones while the restore's offer stands
 * ("kept"), none when the pane never had any, and "acted" when its user moved on (another
 * folder, or an agent with a conversation of its own): its marks are to be taken off.
 */
export function keptFacts(text: string, live: LivePane): { kept: KeptFacts } | { acted: true } | undefined {
  const facts = decodeKept(text);
  if (!facts) return text === "" ? undefined : { acted: true };
  if (live.cwd !== facts.opened) return { acted: true };
  if (live.kind && live.sessionId && live.sessionId !== facts.agent?.session_id) return { acted: true };
  return { kept: facts };
}
