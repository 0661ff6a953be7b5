// taw plugin action … and plugin log list: running a herdr plugin's actions by hand (or from a
// key) and reading what its commands did.

import { EXIT, notFound, TawError, usageError } from "../errors.ts";
import { listPluginActions } from "../plugin/action-list.ts";
import { invokeAction, pluginActions } from "../plugin/actions.ts";
import { type LogEntry, readAllLogs, readLog, runOutcome } from "../plugin/log.ts";
import { findPlugin } from "../plugin/registry.ts";
import { callerPane } from "../space/layout.ts";
import { displayText, target } from "../tmux/escape.ts";
import { resolve } from "../tmux/server.ts";
import { requireArg } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";
import { table } from "./table.ts";

export const pluginActionList = defineCommand({
  path: ["plugin", "action", "list"],
  summary: "the actions of the enabled plugins, as 'plugin action invoke' names them",
  flags: { plugin: { type: "string", description: "only this plugin's" } },
  async run(ctx) {
    const pluginId = ctx.args.flags.plugin as string | undefined;
    // herdr's qualified id first: what 'plugin action invoke' takes.
    return listPluginActions({ pluginId }, ctx.env).map((action) => ({
      id: `${action.plugin_id}.${action.action_id}`,
      ...action,
    }));
  },
  render: (actions) =>
    actions.length
      ? table(
          ["ACTION", "TITLE", "CONTEXTS"],
          actions.map((a) => [a.id, a.title, a.contexts.join(",")]),
        )
      : "no actions: link a plugin with 'taw plugin link <folder>'",
});

export const pluginActionInvoke = defineCommand({
  path: ["plugin", "action", "invoke"],
  summary: "run a plugin action (plugin.action) with herdr's environment; its output is printed and logged",
  positionals: ["<plugin.action>"],
  flags: {
    pane: { type: "string", description: "the pane it acts on (default: the pane you run it from)" },
    timeout: { type: "string", description: "seconds before it is stopped (default 60)" },
    message: {
      type: "boolean",
      description: "say how it ended in a tmux message on the client ($TAW_CLIENT; what a plugin key uses)",
    },
  },
  async run(ctx) {
    const id = requireArg(
      ctx.args.positionals,
      0,
      "plugin.action",
      "taw plugin action invoke example.layout.apply",
    );
    const at = id.lastIndexOf(".");
    const pluginId = id.slice(0, at);
    const found = at > 0 ? pluginActions(ctx.env, pluginId).find((a) => a.qualified === id) : undefined;
    if (!found)
      throw notFound(
        "action_not_found",
        `no action '${id}' in an enabled plugin; 'taw plugin action list' names them`,
      );
    if (!found.plugin.enabled)
      throw new TawError(
        "plugin_disabled",
        `${found.plugin.id} is disabled: 'taw plugin enable ${found.plugin.id}'`,
      );
    const seconds = Number(ctx.args.flags.timeout ?? 60);
    if (!(seconds > 0)) throw usageError("--timeout takes a number of seconds above 0");
    const paneText = ctx.args.flags.pane as string | undefined;
    const focused = paneText ? await resolve(ctx.tmux, paneText, "pane") : undefined;
    const caller = await callerPane(ctx.tmux, ctx.env);
    const entry = await invokeAction(
      ctx.tmux,
      found,
      { focused, caller, source: "cli", timeoutMs: seconds * 1000 },
      ctx.env,
    );
    if (ctx.args.flags.message === true) await tellClient(ctx, id, entry);
    if (entry.timed_out)
      throw new TawError("timeout", `${id} ran past ${seconds} s and was stopped`, EXIT.timeout);
    if (entry.exit_code !== 0)
      throw new TawError(
        "action_failed",
        `${id} exited ${entry.exit_code}: ${entry.stderr.trim().split("\n")[0] ?? ""}`,
      );
    return entry;
  },
  render: (entry) => entry.stdout.replace(/\n$/, ""),
});

/** How a run ended, as a tmux message on the client that pressed the key. */
async function tellClient(ctx: CommandContext, id: string, entry: LogEntry): Promise<void> {
  const client = ctx.env.TAW_CLIENT;
  await ctx.tmux.tryRun([
    "display-message",
    ...(client ? ["-c", target(client)] : []),
    displayText(runOutcome(id, entry).text),
  ]);
}

export const pluginLogList = defineCommand({
  path: ["plugin", "log", "list"],
  summary: "what a plugin's commands did: each run's command, exit and output",
  flags: {
    plugin: { type: "string", description: "the plugin (default: every registered plugin)" },
    limit: { type: "string", description: "how many of the newest runs (default 20)" },
  },
  async run(ctx) {
    const id = ctx.args.flags.plugin as string | undefined;
    const limit = Number(ctx.args.flags.limit ?? 20) || 20;
    if (!id) return readAllLogs(limit, ctx.env);
    findPlugin(id, ctx.env);
    return readLog(id, limit, ctx.env);
  },
  render: (entries) =>
    entries.length
      ? table(
          ["AT", "PLUGIN", "KIND", "NAME", "EXIT", "MS"],
          entries.map((e) => [
            e.at,
            e.plugin_id,
            e.kind,
            e.name,
            e.timed_out ? "timeout" : String(e.exit_code),
            String(e.duration_ms),
          ]),
        )
      : "nothing has run yet",
});
