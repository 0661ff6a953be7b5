// One tick's writes, in at most ONE tmux invocation. Each pane's options are set inside
// `if-shell -F` on the state and report stamp the read saw, so a hook's report or a
// `taw seen` that landed between the read and the write is never undone: the write is
// dropped and the next read takes what they wrote.

import { target } from "../tmux/escape.ts";
import { AGENT_OPTIONS, type AgentOptionKey } from "../tmux/formats.ts";
import { setOption } from "../tmux/options.ts";
import type { Client } from "./reads.ts";
import type { OptionWrites } from "./state.ts";

/** What the read saw of a pane, which the write requires to still be there. */
export interface WriteGuard {
  state: string;
  reportStamp: string;
}

/** Values the engine writes are ids, states and numbers; anything else is made one. */
export function engineValue(value: string): string {
  return value.replace(/[^A-Za-z0-9_.:@%+-]/g, "_");
}

/** A format literal inside `#{==:…}`: the characters a format would read are not allowed. */
const guardValue = (value: string) => value.replace(/[#,{}]/g, "_");

export function paneWrite(paneId: string, writes: OptionWrites, guard: WriteGuard): string[] {
  const pane = `'${engineValue(paneId)}'`;
  const commands = Object.entries(writes).map(([key, value]) => {
    const option = AGENT_OPTIONS[key as AgentOptionKey];
    return value === ""
      ? `set-option -pqu -t ${pane} ${option}`
      : `set-option -pq -t ${pane} ${option} '${engineValue(value)}'`;
  });
  const condition =
    `#{&&:#{==:#{${AGENT_OPTIONS.state}},${guardValue(guard.state)}},` +
    `#{==:#{${AGENT_OPTIONS.reportStamp}},${guardValue(guard.reportStamp)}}}`;
  return ["if-shell", "-F", "-t", target(paneId), condition, commands.join(" ; ")];
}

/** The rail options, and a status redraw on every attached client so it shows at once. */
export function railWrite(styled: string, ascii: string, clients: Client[]): string[][] {
  return [
    setOption({ kind: "global" }, "@agent_wizard_status", styled),
    setOption({ kind: "global" }, "@agent_wizard_status_ascii", ascii),
    ...clients.map((client) => ["refresh-client", "-S", "-t", target(client.name)]),
  ];
}
