// Rename an agent: the @agent_name pane option, checked and unique.

import type { Tmux } from "../tmux/client.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { setOption } from "../tmux/options.ts";
import { checkName, checkUnique } from "./names.ts";
import { findAgent, paneLabel } from "./pane.ts";

export async function renameAgent(tmux: Tmux, paneText: string, name: string) {
  checkName(name);
  const { pane, snapshot } = await findAgent(tmux, paneText);
  checkUnique(snapshot, name, pane.id);
  await tmux.run(setOption({ kind: "pane", target: pane.id }, AGENT_OPTIONS.name, name));
  return {
    pane_id: pane.publicId,
    tmux_id: pane.id,
    label: paneLabel(pane),
    name,
    previous: pane.agent.name || null,
  };
}
