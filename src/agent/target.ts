// What names an agent on the command line: a public id (w1:p4), a tmux id (%4), anything tmux
// resolves (work:2.1), or the agent's name (@agent_name), bare or written `@name`.

import type { Tmux } from "../tmux/client.ts";
import { resolvePane, takeSnapshot } from "../tmux/server.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { NAME_PATTERN } from "./names.ts";

/** `@alpha` is a name; `@7` stays tmux's window id. */
const nameIn = (text: string) => {
  const bare = text.startsWith("@") ? text.slice(1) : text;
  return NAME_PATTERN.test(bare) ? bare : undefined;
};

/** The tmux pane id the text names; an agent's name wins over a session of the same name.
 * A caller that already holds a snapshot passes it, so names are looked up without another listing. */
export async function resolveAgentPane(tmux: Tmux, text: string, snapshot?: Snapshot): Promise<string> {
  const name = nameIn(text);
  if (name) {
    for (const pane of (snapshot ?? (await takeSnapshot(tmux))).panes.values()) {
      if (pane.agent.name === name && !pane.dead) return pane.id;
    }
  }
  return resolvePane(tmux, text);
}
