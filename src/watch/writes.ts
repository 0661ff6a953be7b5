// One tick's writes, in at most ONE tmux invocation. Each pane's options are set inside
// `if-shell -F` on the state and report stamp the read saw, so a hook's report or a
// `taw seen` that landed between the read and the write is never undone: the write is
// dropped and the next read takes what they wrote.

import { shellQuote, target } from "../tmux/escape.ts";
import { AGENT_OPTIONS, type AgentOptionKey } from "../tmux/formats.ts";
import { setOption } from "../tmux/options.ts";
import { set, unset } from "./option-text.ts";
import type { Client } from "./reads.ts";
import type { OptionWrites } from "./state.ts";

/** What the read saw of a pane, which the write requires to still be there. */
export interface WriteGuard {
  state: string;
  reportStamp: string;
}

/** A format literal inside `#{==:…}`: the characters a format would read are not allowed. */
const guardValue = (value: string) => value.replace(/[#,{}]/g, "_");

export function paneWrite(paneId: string, writes: OptionWrites, guard: WriteGuard): string[] {
  const pane = shellQuote(paneId);
  // A report's message described the state it came with: a new state ends it.
  const all: OptionWrites = writes.state !== undefined ? { message: "", ...writes } : writes;
  const commands = Object.entries(all).map(([key, value]) => {
    const option = AGENT_OPTIONS[key as AgentOptionKey];
    return value === "" ? unset(pane, option) : set(pane, option, value);
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
