// A snapshot's fingerprint: everything a view draws, as one string. Equal fingerprints mean
// nothing visible changed, so the store is not touched and React does no work.

import type { Snapshot } from "../tmux/snapshot.ts";

export function fingerprint(snapshot: Snapshot): string {
  // The agent view decides which agents the list shows.
  const parts: string[] = [`V${snapshot.view}`];
  for (const session of snapshot.sessions) {
    parts.push(`S${session.id}\t${session.name}\t${session.attached}`);
    for (const window of session.windows) {
      parts.push(`W${window.id}\t${window.index}\t${window.name}\t${window.active}`);
      for (const pane of window.panes) {
        parts.push(
          `P${pane.id}\t${pane.index}\t${pane.active}\t${pane.command}\t${pane.path}\t${pane.title}\t${Object.values(pane.agent).join("\t")}`,
        );
      }
    }
  }
  return parts.join("\n");
}
