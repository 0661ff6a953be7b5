// taw agent view set|clear|show: herdr's agent.view.set / agent.view.clear from the command
// line. The view is one JSON object, as herdr's socket takes it: given as a word, --stdin or
// --file. The Agents view of every dashboard on the server shows it.

import { clearView, currentView, setView, type ViewStatus, viewStatus } from "../agent-view/option.ts";
import { checkSource, parseView, ViewError } from "../agent-view/query.ts";
import { usageError } from "../errors.ts";
import { defineCommand } from "./command.ts";
import { TEXT_FLAGS, textFrom } from "./text-input.ts";

const EXAMPLE = `taw agent view set '{"source":"me","label":"mine","filter":{"op":"in","field":"status","values":["blocked","done"]}}'`;

const render = (status: ViewStatus) =>
  status.active
    ? `view ${status.label ?? "(no label)"} from ${status.source}`
    : "no view: the Agents view as it is";

function checked<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ViewError) throw usageError(`${error.message}. Example: ${EXAMPLE}`);
    throw error;
  }
}

export const agentViewSet = defineCommand({
  path: ["agent", "view", "set"],
  summary: "show the Agents view through a herdr agent view query (filter and sort, JSON)",
  positionals: ["[view-json]"],
  flags: TEXT_FLAGS,
  async run(ctx) {
    const text = await textFrom(ctx, ctx.args.positionals);
    if (!text.trim()) throw usageError(`give the view as JSON. Example: ${EXAMPLE}`);
    let params: unknown;
    try {
      params = JSON.parse(text);
    } catch {
      throw usageError(`the view is not JSON. Example: ${EXAMPLE}`);
    }
    return setView(
      ctx.tmux,
      checked(() => parseView(params)),
    );
  },
  render,
});

export const agentViewClear = defineCommand({
  path: ["agent", "view", "clear"],
  summary: "back to the plain Agents view (with --source, only while that source owns the view)",
  flags: { source: { type: "string", description: "clear only the view this source set" } },
  async run(ctx) {
    const source = ctx.args.flags.source as string | undefined;
    return clearView(ctx.tmux, source === undefined ? undefined : checked(() => checkSource(source)));
  },
  render,
});

export const agentViewShow = defineCommand({
  path: ["agent", "view", "show"],
  summary: "the agent view in force, if any, as JSON",
  async run(ctx) {
    const view = await currentView(ctx.tmux);
    return { ...viewStatus(view), view: view ?? null };
  },
  render: (status) => (status.view ? JSON.stringify(status.view) : render(status)),
});

export const agentViewCommands = [agentViewSet, agentViewClear, agentViewShow];
