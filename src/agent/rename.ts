// Rename an agent: the @agent_name pane option, checked and unique, with the nudge, so an
// engine and the dashboards reading it at rest show the new name at once. No name (null, from
// another host's dashboard) takes the name away.

import type { Tmux } from "../tmux/client.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { setOption, unsetOption } from "../tmux/options.ts";
import { nudgeCommands } from "../watch/probe.ts";
import { checkName, checkUnique } from "./names.ts";
import { findAgent, paneLabel } from "./pane.ts";

export async function renameAgent(tmux: Tmux, paneText: string, name: string | null) {
  if (name !== null) checkName(name);
  const { pane, snapshot } = await findAgent(tmux, paneText);
  if (name !== null) checkUnique(snapshot, name, pane.id);
  const scope = { kind: "pane", target: pane.id } as const;
  await tmux.batch([
    name === null ? unsetOption(scope, AGENT_OPTIONS.name) : setOption(scope, AGENT_OPTIONS.name, name),
    ...nudgeCommands(`rename-${Date.now()}`),
  ]);
  return {
    pane_id: pane.publicId,
    tmux_id: pane.id,
    label: paneLabel(pane),
    name,
    previous: pane.agent.name || null,
  };
}

/** Clear an agent's name (herdr's `agent rename <target> --clear`): it answers to its pane id
 * again, and shows its kind's label. */
export async function clearAgentName(tmux: Tmux, paneText: string) {
  const { pane } = await findAgent(tmux, paneText);
  await tmux.batch([
    unsetOption({ kind: "pane", target: pane.id }, AGENT_OPTIONS.name),
    ...nudgeCommands(`rename-${Date.now()}`),
  ]);
  return {
    pane_id: pane.publicId,
    tmux_id: pane.id,
    label: paneLabel(pane),
    name: null,
    previous: pane.agent.name || null,
  };
}
