// What a `[hooks]` command finds in its environment beyond taw's own TAW_* variables: tmux's
// global environment and the environment of the session the event is about, read when the
// hook runs (a variable set since the engine started is there), the session's winning.

import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";

/** `show-environment` lines as variables; `-NAME` (removed) lines are left out. */
export function parseEnvironment(output: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of output.split("\n")) {
    const at = line.indexOf("=");
    if (at > 0 && !line.startsWith("-")) vars[line.slice(0, at)] = line.slice(at + 1);
  }
  return vars;
}

/** tmux's environment for a hook about `pane` (its session's over the global one). */
export async function tmuxEnvironment(tmux: Tmux, pane?: string): Promise<Record<string, string>> {
  const commands = [["show-environment", "-g"], ...(pane ? [["show-environment", "-t", target(pane)]] : [])];
  const results = await tmux.batch(commands).catch(() => []);
  return Object.assign({}, ...results.map((result) => (result.ok ? parseEnvironment(result.output) : {})));
}
