// Agent names: `[a-z][a-z0-9_-]{0,31}`, unique among the live agents of the server.

import { TawError, usageError } from "../errors.ts";
import type { Snapshot } from "../tmux/snapshot.ts";

export const NAME_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;

export function checkName(name: string): string {
  if (!NAME_PATTERN.test(name)) {
    throw usageError(
      `'${name}' is not a valid agent name: use a lower-case letter, then up to 31 of a-z, 0-9, '_' or '-'`,
    );
  }
  return name;
}

/** Fails when another live agent pane already carries `name`. */
export function checkUnique(snapshot: Snapshot, name: string, exceptPaneId?: string): void {
  for (const pane of snapshot.panes.values()) {
    if (pane.id === exceptPaneId || pane.agent.name !== name) continue;
    if (pane.dead) continue;
    throw new TawError(
      "name_taken",
      `the name '${name}' is already used by the agent in pane ${pane.publicId}; pick another or rename that one first`,
    );
  }
}
