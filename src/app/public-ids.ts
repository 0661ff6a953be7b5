// The message line names panes and windows the way taw does everywhere a person reads them:
// by public id (w3:p31, w3:t7), never by tmux's raw one (%31, @7), whatever verb wrote it.

import type { Snapshot } from "../tmux/snapshot.ts";

/** A raw pane or window id standing alone (not inside a word, a URL escape or another id). */
const RAW_ID = /(?<![\w%@$])[%@]\d+\b/g;

function publicOf(snapshot: Snapshot, raw: string): string | undefined {
  if (raw.startsWith("%")) return snapshot.panes.get(raw)?.publicId;
  for (const session of snapshot.sessions)
    for (const window of session.windows) if (window.id === raw) return window.publicId;
  return undefined;
}

/** `text` with each raw id the snapshot knows written as its public id; the others stay. */
export function publicIdsIn(text: string, snapshot: Snapshot | undefined): string {
  if (!snapshot) return text;
  return text.replace(RAW_ID, (raw) => publicOf(snapshot, raw) ?? raw);
}
