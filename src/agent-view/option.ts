// Where the view lives: a global user option of the tmux server, so it lasts while the server
// does and every dashboard on it (hosting its engine or reading another's) shows the same
// projection. Its owner is a second option, so "clear if it is still mine" is one tmux
// decision (if-shell -F), not a read and a write another caller could slip between.

import type { Tmux } from "../tmux/client.ts";
import { controlLine } from "../tmux/escape.ts";
import { AGENT_VIEW_OPTION } from "../tmux/formats.ts";
import { setOption, showOption, unsetOption } from "../tmux/options.ts";
import { nudgeCommands } from "../watch/probe.ts";
import { type AgentView, parseView, ViewError } from "./query.ts";

export const VIEW_OPTION = AGENT_VIEW_OPTION;
export const VIEW_SOURCE_OPTION = "@agent_wizard_view_source";

const GLOBAL = { kind: "global" } as const;

/** The view a stored option holds; none when it is empty or no longer a valid view. */
export function storedView(text: string): AgentView | undefined {
  if (!text.trim()) return undefined;
  try {
    return parseView(JSON.parse(text));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof ViewError) return undefined;
    throw error;
  }
}

/** herdr's answer to a set or a clear: whether a view is active, and whose. */
export type ViewStatus = {
  type: "agent_view";
  active: boolean;
  source?: string;
  label?: string;
};

export function viewStatus(view: AgentView | undefined): ViewStatus {
  if (!view) return { type: "agent_view", active: false };
  return {
    type: "agent_view",
    active: true,
    source: view.source,
    ...(view.label ? { label: view.label } : {}),
  };
}

/** The moved nudge has a resting engine and every reading dashboard read again at once. */
const nudge = () => nudgeCommands(`view-${Date.now()}`);

/** Replace the view (atomically: one batch); answers what is active after it. */
export async function setView(tmux: Tmux, view: AgentView): Promise<ViewStatus> {
  const results = await tmux.batch([
    setOption(GLOBAL, VIEW_SOURCE_OPTION, view.source),
    setOption(GLOBAL, VIEW_OPTION, JSON.stringify(view)),
    ...nudge(),
    showOption(GLOBAL, VIEW_OPTION),
  ]);
  return viewStatus(storedView(results.at(-1)?.output ?? ""));
}

/** Clear the view; with `source`, only while that source still owns it. */
export async function clearView(tmux: Tmux, source?: string): Promise<ViewStatus> {
  const clear = [unsetOption(GLOBAL, VIEW_OPTION), unsetOption(GLOBAL, VIEW_SOURCE_OPTION), ...nudge()];
  const commands = source
    ? [["if-shell", "-F", `#{==:#{${VIEW_SOURCE_OPTION}},${source}}`, clear.map(controlLine).join(" ; ")]]
    : clear;
  const results = await tmux.batch([...commands, showOption(GLOBAL, VIEW_OPTION)]);
  return viewStatus(storedView(results.at(-1)?.output ?? ""));
}

export async function currentView(tmux: Tmux): Promise<AgentView | undefined> {
  const [shown] = await tmux.batch([showOption(GLOBAL, VIEW_OPTION)]);
  return storedView(shown?.output ?? "");
}
