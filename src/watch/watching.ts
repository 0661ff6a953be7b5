// `taw watch off <pane>` / `taw watch on <pane>`: take one pane out of watching and put it
// back (unwatched.ts says what the engine does with the mark). Off marks the pane, empties its
// record in the same tmux call and moves the nudge, so lists and counts drop it at once; the
// agent's kind hint is kept in the mark, and on puts it back, so an agent only the hint names
// is found again too.

import { findPane } from "../agent/pane.ts";
import type { Tmux } from "../tmux/client.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { setOption, showOption, unsetOption } from "../tmux/options.ts";
import { nudgeCommands } from "./probe.ts";
import { RECORD_KEYS } from "./unwatched.ts";

/** The mark of a pane whose agent no hint named. */
const NO_HINT = "1";
const HINT_PREFIX = "hint=";

export interface WatchingResult {
  pane_id: string;
  tmux_id: string;
  watched: boolean;
  /** False when the pane already was as asked. */
  changed: boolean;
}

export async function setWatching(tmux: Tmux, paneText: string, watched: boolean): Promise<WatchingResult> {
  const { pane } = await findPane(tmux, paneText);
  const scope = { kind: "pane", target: pane.id } as const;
  const [held] = await tmux.batch([showOption(scope, AGENT_OPTIONS.unwatched)]);
  const mark = held?.ok ? held.output.trim() : "";
  const answer = (changed: boolean) => ({ pane_id: pane.publicId, tmux_id: pane.id, watched, changed });
  if (watched) {
    if (!mark) return answer(false);
    const hint = mark.startsWith(HINT_PREFIX) ? mark.slice(HINT_PREFIX.length) : "";
    await tmux.batch([
      unsetOption(scope, AGENT_OPTIONS.unwatched),
      ...(hint ? [setOption(scope, AGENT_OPTIONS.kindHint, hint)] : []),
      ...nudgeCommands(`watch-on-${Date.now()}`),
    ]);
    return answer(true);
  }
  if (mark) return answer(false);
  const hint = pane.agent.kindHint;
  await tmux.batch([
    setOption(scope, AGENT_OPTIONS.unwatched, hint ? `${HINT_PREFIX}${hint}` : NO_HINT),
    ...RECORD_KEYS.map((key) => unsetOption(scope, AGENT_OPTIONS[key])),
    ...nudgeCommands(`watch-off-${Date.now()}`),
  ]);
  return answer(true);
}
