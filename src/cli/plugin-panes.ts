// taw plugin pane …: the panes a herdr plugin opens from its [[panes]] entries, and the verbs
// that act only on a pane a plugin owns.

import { TawError, usageError } from "../errors.ts";
import { openPluginPane, pluginPanes } from "../plugin/panes.ts";
import { findPlugin, readManifest } from "../plugin/registry.ts";
import { callerPane } from "../space/layout.ts";
import { target } from "../tmux/escape.ts";
import { resolve } from "../tmux/server.ts";
import { requireArg } from "./args.ts";
import { clientHere } from "./client.ts";
import { type CommandContext, defineCommand } from "./command.ts";
import { table } from "./table.ts";

export const pluginPaneOpen = defineCommand({
  path: ["plugin", "pane", "open"],
  summary: "open a plugin's [[panes]] entrypoint: split, tab, zoomed, overlay or popup",
  flags: {
    plugin: { type: "string", description: "the plugin (required)" },
    entrypoint: { type: "string", description: "its pane's id (required)" },
    placement: {
      type: "string",
      description: "overlay, popup, split, tab or zoomed (default: the manifest's)",
    },
    pane: { type: "string", description: "the pane it opens beside or over (default: yours)" },
    client: { type: "string", description: "the client a popup shows on (default: $TAW_CLIENT, else yours)" },
  },
  async run(ctx) {
    const id = ctx.args.flags.plugin as string | undefined;
    const entrypoint = ctx.args.flags.entrypoint as string | undefined;
    if (!id || !entrypoint)
      throw usageError("name both: taw plugin pane open --plugin example.layout --entrypoint board");
    const plugin = findPlugin(id, ctx.env);
    if (!plugin.enabled)
      throw new TawError("plugin_disabled", `${id} is disabled: 'taw plugin enable ${id}'`);
    const caller = await callerPane(ctx.tmux, ctx.env);
    const paneText = ctx.args.flags.pane as string | undefined;
    const beside = paneText ? await resolve(ctx.tmux, paneText, "pane") : caller;
    if (!beside) throw usageError("taw runs outside tmux here: name the pane it opens beside with --pane");
    const client = await clientHere(ctx);
    return openPluginPane(
      ctx.tmux,
      {
        plugin,
        manifest: readManifest(plugin.root),
        entrypoint,
        placement: ctx.args.flags.placement as string | undefined,
        beside,
        client,
        caller,
      },
      ctx.env,
    );
  },
  render: (o) =>
    o.pane_id
      ? `opened ${o.plugin_id}/${o.entrypoint} in ${o.pane_id} (${o.placement})`
      : `${o.plugin_id}/${o.entrypoint} shown as a popup`,
});

/** A plugin pane named exactly: refused for any pane no plugin owns. */
async function ownedPane(ctx: CommandContext, verb: string): Promise<string> {
  const text = requireArg(ctx.args.positionals, 0, "pane", `taw plugin pane ${verb} %7`);
  const pane = await resolve(ctx.tmux, text, "pane");
  if (!(await pluginPanes(ctx.tmux)).some((p) => p.pane === pane))
    throw new TawError("not_a_plugin_pane", `${text} is no plugin's pane; 'taw plugin pane list' names them`);
  return pane;
}

export const pluginPaneFocus = defineCommand({
  path: ["plugin", "pane", "focus"],
  summary: "bring a plugin's pane to the front",
  positionals: ["<pane>"],
  async run(ctx) {
    const pane = await ownedPane(ctx, "focus");
    await ctx.tmux.run(["select-window", "-t", target(pane)]);
    await ctx.tmux.run(["select-pane", "-t", target(pane)]);
    return { pane_id: pane };
  },
  render: (r) => `focused ${r.pane_id}`,
});

export const pluginPaneClose = defineCommand({
  path: ["plugin", "pane", "close"],
  summary: "close a plugin's pane (only a pane a plugin owns)",
  positionals: ["<pane>"],
  async run(ctx) {
    const pane = await ownedPane(ctx, "close");
    await ctx.tmux.run(["kill-pane", "-t", target(pane)]);
    return { pane_id: pane, closed: true };
  },
  render: (r) => `closed ${r.pane_id}`,
});

export const pluginPaneList = defineCommand({
  path: ["plugin", "pane", "list"],
  summary: "the panes plugins opened, with their owner",
  async run(ctx) {
    return pluginPanes(ctx.tmux);
  },
  render: (panes) =>
    panes.length
      ? table(
          ["PANE", "OWNER"],
          panes.map((p) => [p.pane, p.owner]),
        )
      : "no plugin panes",
});
