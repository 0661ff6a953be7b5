// taw plugin …: herdr's plugin verbs, under herdr's names, for herdr plugins (a folder with a
// herdr-plugin.toml, src/plugin). taw's own tmux keys and hooks are `taw tmux install`.

import { readFileSync, rmSync } from "node:fs";
import { EXIT, notFound, TawError, usageError } from "../errors.ts";
import { invokeAction, pluginActions } from "../plugin/actions.ts";
import { droppedFile } from "../plugin/events.ts";
import { installPlugin, managedCheckout } from "../plugin/install.ts";
import { type LogEntry, readLog, runOutcome } from "../plugin/log.ts";
import type { Manifest } from "../plugin/manifest.ts";
import { openPluginPane, pluginPanes } from "../plugin/panes.ts";
import {
  findPlugin,
  linkPlugin,
  pluginConfigDir,
  type Registered,
  readManifest,
  readRegistry,
  setEnabled,
  unlinkPlugin,
} from "../plugin/registry.ts";
import { callerPane } from "../space/layout.ts";
import { displayText, target } from "../tmux/escape.ts";
import { resolve } from "../tmux/server.ts";
import { requireArg } from "./args.ts";
import { clientHere } from "./client.ts";
import { type CommandContext, defineCommand } from "./command.ts";
import { table } from "./table.ts";

const pluginRows = (plugins: (Registered & { dropped?: number })[]) =>
  table(
    ["PLUGIN", "ENABLED", "DROPPED", "SOURCE", "FOLDER"],
    plugins.map((p) => [p.id, p.enabled ? "yes" : "no", String(p.dropped ?? 0), p.source, p.root]),
  );

/** Event runs a plugin's full backlog dropped (src/plugin/events.ts), 0 when none. */
function droppedOf(id: string, env: Record<string, string | undefined>): number {
  try {
    return Number.parseInt(readFileSync(droppedFile(id, env), "utf8"), 10) || 0;
  } catch {
    return 0;
  }
}

/** A registered plugin as --json shows it: its manifest's name and version, not the whole manifest. */
const pluginJson = ({ manifest, ...entry }: Registered & { manifest: Manifest }) => ({
  ...entry,
  name: manifest.name,
  version: manifest.version,
});

export const pluginLink = defineCommand({
  path: ["plugin", "link"],
  summary: "register a local herdr plugin folder (its herdr-plugin.toml is checked first)",
  positionals: ["<path>"],
  flags: { disabled: { type: "boolean", description: "register it disabled" } },
  async run(ctx) {
    const path = requireArg(ctx.args.positionals, 0, "path", "taw plugin link ~/src/my-plugin");
    return linkPlugin(path, ctx.args.flags.disabled !== true, ctx.env);
  },
  render: (p) => `linked ${p.id} ${p.manifest.version} from ${p.root}${p.enabled ? "" : " (disabled)"}`,
  toJson: pluginJson,
});

export const pluginUnlink = defineCommand({
  path: ["plugin", "unlink"],
  summary: "forget a plugin; its folder, config and state stay",
  positionals: ["<id>"],
  async run(ctx) {
    return unlinkPlugin(
      requireArg(ctx.args.positionals, 0, "id", "taw plugin unlink example.layout"),
      ctx.env,
    );
  },
  render: (p) => `unlinked ${p.id} (${p.root} is left as it is)`,
});

export const pluginList = defineCommand({
  path: ["plugin", "list"],
  summary: "the plugins registered, enabled or not",
  async run(ctx) {
    return readRegistry(ctx.env).map((plugin) => ({ ...plugin, dropped: droppedOf(plugin.id, ctx.env) }));
  },
  render: (plugins) =>
    plugins.length ? pluginRows(plugins) : "no plugins: link one with 'taw plugin link <folder>'",
});

const toggle = (enabled: boolean) =>
  defineCommand({
    path: ["plugin", enabled ? "enable" : "disable"],
    summary: enabled ? "let a plugin's actions, events and startup run" : "keep a plugin registered but idle",
    positionals: ["<id>"],
    async run(ctx) {
      const id = requireArg(
        ctx.args.positionals,
        0,
        "id",
        `taw plugin ${enabled ? "enable" : "disable"} example.layout`,
      );
      // Enabling checks the manifest again: a plugin broken since it was linked stays off.
      if (enabled) readManifest(findPlugin(id, ctx.env).root);
      return setEnabled(id, enabled, ctx.env);
    },
    render: (p: Registered) => `${p.id} ${p.enabled ? "enabled" : "disabled"}`,
  });

export const pluginConfigDirCommand = defineCommand({
  path: ["plugin", "config-dir"],
  summary: "print a plugin's config folder (HERDR_PLUGIN_CONFIG_DIR)",
  positionals: ["<id>"],
  async run(ctx) {
    const id = requireArg(ctx.args.positionals, 0, "id", "taw plugin config-dir example.layout");
    findPlugin(id, ctx.env);
    return { path: pluginConfigDir(id, ctx.env) };
  },
  render: (r) => r.path,
});

/** A line typed at the terminal (the install's question). */
async function answer(question: string): Promise<string> {
  process.stderr.write(question);
  for await (const line of console) return line;
  return "";
}

export const pluginInstall = defineCommand({
  path: ["plugin", "install"],
  summary: "install a herdr plugin from GitHub (owner/repo[/subdir]): cloned, shown, built, registered",
  positionals: ["[owner/repo[/subdir]]"],
  flags: {
    ref: { type: "string", description: "the branch, tag or commit to check out" },
    yes: { type: "boolean", description: "install without asking (for a source you trust)" },
  },
  async run(ctx) {
    const source = ctx.args.positionals[0];
    if (!source)
      throw usageError(
        "name the plugin's repository (owner/repo[/subdir]). taw's own tmux keys and hooks moved: 'taw tmux install' (assets/taw.tmux runs it)",
      );
    return installPlugin(
      source,
      {
        ref: ctx.args.flags.ref as string | undefined,
        confirm: async (shown) => {
          if (ctx.args.flags.yes === true) return true;
          if (!process.stdin.isTTY)
            throw new TawError(
              "not_confirmed",
              `${shown}\nnothing was installed: review the above, then run again with --yes`,
              2,
            );
          return /^y(es)?$/i.test((await answer(`${shown}\ninstall it and run its build? [y/N] `)).trim());
        },
      },
      ctx.env,
    );
  },
  render: (p) => `installed ${p.id} ${p.manifest.version} from ${p.spec} into ${p.root}`,
  toJson: pluginJson,
});

export const pluginUninstall = defineCommand({
  path: ["plugin", "uninstall"],
  summary: "unregister a plugin by id or owner/repo; an installed one's checkout goes too",
  positionals: ["<id-or-source>"],
  async run(ctx) {
    const text = requireArg(ctx.args.positionals, 0, "id-or-source", "taw plugin uninstall example.layout");
    const found = readRegistry(ctx.env).find((p) => p.id === text || p.spec === text);
    if (!found)
      throw notFound("plugin_not_found", `no plugin '${text}' is registered; 'taw plugin list' names them`);
    const checkout = managedCheckout(found, ctx.env);
    unlinkPlugin(found.id, ctx.env);
    if (checkout) rmSync(checkout, { recursive: true, force: true });
    return { ...found, removed: checkout ?? null };
  },
  render: (p) =>
    `uninstalled ${p.id}${p.removed ? ` and removed ${p.removed}` : ` (${p.root} is left as it is)`}`,
});

export const pluginActionList = defineCommand({
  path: ["plugin", "action", "list"],
  summary: "the actions of the enabled plugins, as 'plugin action invoke' names them",
  flags: { plugin: { type: "string", description: "only this plugin's" } },
  async run(ctx) {
    return pluginActions(ctx.env, ctx.args.flags.plugin as string | undefined).map(
      ({ plugin, action, qualified }) => ({
        id: qualified,
        plugin_id: plugin.id,
        action_id: action.id,
        title: action.title,
        contexts: action.contexts,
        command: action.command,
      }),
    );
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
    plugin: { type: "string", description: "the plugin (required)" },
    limit: { type: "string", description: "how many of the newest runs (default 20)" },
  },
  async run(ctx) {
    const id = ctx.args.flags.plugin as string | undefined;
    if (!id) throw usageError("name the plugin: taw plugin log list --plugin example.layout");
    findPlugin(id, ctx.env);
    return readLog(id, Number(ctx.args.flags.limit ?? 20) || 20, ctx.env);
  },
  render: (entries) =>
    entries.length
      ? table(
          ["AT", "KIND", "NAME", "EXIT", "MS"],
          entries.map((e) => [
            e.at,
            e.kind,
            e.name,
            e.timed_out ? "timeout" : String(e.exit_code),
            String(e.duration_ms),
          ]),
        )
      : "nothing has run yet",
});

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

export const pluginCommands = [
  pluginLink,
  pluginUnlink,
  pluginList,
  toggle(true),
  toggle(false),
  pluginConfigDirCommand,
  pluginInstall,
  pluginUninstall,
  pluginActionList,
  pluginActionInvoke,
  pluginLogList,
  pluginPaneOpen,
  pluginPaneFocus,
  pluginPaneClose,
  pluginPaneList,
];
