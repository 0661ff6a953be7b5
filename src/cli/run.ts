// taw run <action>: a dashboard action by its name, without the dashboard (tuios's
// run-command). The action runs on a dashboard's state read from tmux now, on the agent
// --agent names exactly (never on a guess), and says what it did as the dashboard would.

import { findPane } from "../agent/pane.ts";
import { EXIT, TawError, usageError } from "../errors.ts";
import { takeSnapshot } from "../tmux/server.ts";
import { nudgeCommands } from "../watch/probe.ts";
import { namedClient } from "./client.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";

interface Listed {
  action: string;
  title: string;
  needs_agent: boolean;
}

export const runCommand = defineCommand({
  path: ["run"],
  summary: "run a dashboard action by name, outside the dashboard (taw run --list names them)",
  positionals: ["[action]"],
  flags: {
    agent: {
      type: "string",
      description: "the agent the action acts on (an id, name or session:window.pane)",
    },
    client: {
      type: "string",
      description:
        "the tmux client a jump or session step moves (default: $TAW_CLIENT, else the current one)",
    },
    list: { type: "boolean", description: "list the actions taw run takes" },
  },
  async run(ctx): Promise<{ actions: Listed[] } | { action: string; message: string }> {
    const [{ COMMANDS }, store] = await Promise.all([
      import("../app/commands.ts"),
      import("../app/store.ts"),
    ]);
    const scriptable = COMMANDS.filter((command) => command.script);
    const name = ctx.args.positionals[0];
    if (ctx.args.flags.list === true || name === undefined)
      return {
        actions: scriptable.map((c) => ({ action: c.id, title: c.title, needs_agent: c.script === "agent" })),
      };
    const command = scriptable.find((c) => c.id === name);
    if (!command) {
      const known = COMMANDS.some((c) => c.id === name);
      throw usageError(
        known
          ? `'${name}' works only in the dashboard: it asks for input or moves the dashboard itself. 'taw run --list' names the actions that run outside it`
          : `unknown action '${name}'; 'taw run --list' names them`,
      );
    }
    const agent = ctx.args.flags.agent as string | undefined;
    if (command.script === "agent" && !agent)
      throw usageError(
        `'${name}' acts on one agent: name it with --agent <agent>, such as taw run ${name} --agent w1:p3`,
      );
    if (command.script === "none" && agent) throw usageError(`'${name}' acts on no one agent: drop --agent`);

    const dash = store.createDashStore();
    // The whole list, whatever agent view is in force: the action's target is never filtered out.
    store.setSnapshot(dash, { ...(await takeSnapshot(ctx.tmux)), view: "" });
    if (agent) {
      const { pane } = await findPane(ctx.tmux, agent);
      store.selectPane(dash, pane.id);
      if (store.selectedPaneId(dash.getState()) !== pane.id)
        throw new TawError(
          "not_an_agent",
          `pane ${agent} runs no agent taw knows; list them with 'taw agent list'`,
        );
    }
    const client = namedClient(ctx);
    const refresh = () => void ctx.tmux.batch(nudgeCommands(String(Date.now()))).catch(() => undefined);
    await command.run(
      { store: dash, tmux: ctx.tmux, client, quit: () => {}, refresh },
      command.keys[0] ?? "",
    );
    const { message } = dash.getState();
    if (message?.error) throw new TawError("action_failed", message.text, EXIT.failure);
    return { action: name, message: message?.text ?? "done" };
  },
  render: (result) =>
    "actions" in result
      ? table(
          ["ACTION", "NEEDS", "WHAT IT DOES"],
          result.actions.map((a) => [a.action, a.needs_agent ? "--agent" : "", a.title]),
        )
      : result.message,
});
