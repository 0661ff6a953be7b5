// `taw seen`: someone looked at a pane (tmux's focus hooks run it). A done goes back to idle,
// @agent_seen becomes 1, and the rail is rewritten: one read, one write, no engine needed.

import { loadConfig } from "../config/load.ts";
import type { StatusConfig } from "../config/types.ts";
import type { Tmux } from "../tmux/client.ts";
import { AGENT_OPTIONS as O } from "../tmux/formats.ts";
import { unset } from "./option-text.ts";
import { countStates, railText } from "./rail.ts";
import { takeRead } from "./reads.ts";
import { railWrite } from "./writes.ts";

export interface SeenResult {
  pane_id: string;
  /** The pane held a done that is now idle. */
  cleared: boolean;
  agent: string | null;
}

/** `status`: config.toml's `[status]`, the format the rail is rewritten in (the engine's own). */
export async function markSeen(
  tmux: Tmux,
  paneId: string,
  now = Date.now(),
  status: StatusConfig = loadConfig().config.status,
): Promise<SeenResult> {
  const read = await takeRead(tmux, "all", [], false, now);
  const pane = read.snapshot.panes.get(paneId);
  if (!pane?.agent.kind) return { pane_id: paneId, cleared: false, agent: null };
  const cleared = pane.agent.state === "done";
  const quoted = `'${paneId}'`;
  const commands: string[][] = [
    [
      "if-shell",
      "-F",
      "-t",
      paneId,
      `#{==:#{${O.state}},done}`,
      // The done's message (a report's --message) went with it.
      `set-option -pq -t ${quoted} ${O.state} idle ; set-option -pq -t ${quoted} ${O.stateSince} ${Math.floor(now / 1000)} ; ${unset(quoted, O.message)}`,
    ],
    ["set-option", "-pq", "-t", paneId, O.seen, "1"],
  ];
  if (cleared) {
    pane.agent.state = "idle";
    const local = [...read.snapshot.panes.values()].map((p) => p.agent.state);
    const rail = railText(countStates([...local, ...(read.remote ?? [])]), status);
    commands.push(...railWrite(rail.styled, rail.ascii, read.clients ?? []));
  }
  await tmux.batch(commands);
  return { pane_id: paneId, cleared, agent: pane.agent.kind };
}
