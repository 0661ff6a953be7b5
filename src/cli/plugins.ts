// taw plugin …: herdr's plugin verbs, under herdr's names, for herdr plugins (a folder with a
// herdr-plugin.toml, src/plugin). taw's own tmux keys and hooks are `taw tmux install`.

import { readFileSync, rmSync } from "node:fs";
import { notFound, TawError, usageError } from "../errors.ts";
import { droppedFile } from "../plugin/events.ts";
import { installPlugin, managedCheckout } from "../plugin/install.ts";
import type { Manifest } from "../plugin/manifest.ts";
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
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { pluginActionInvoke, pluginActionList, pluginLogList } from "./plugin-actions.ts";
import { pluginPaneClose, pluginPaneFocus, pluginPaneList, pluginPaneOpen } from "./plugin-panes.ts";
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
  flags: { plugin: { type: "string", description: "only this plugin" } },
  async run(ctx) {
    const only = ctx.args.flags.plugin as string | undefined;
    if (only) findPlugin(only, ctx.env);
    return readRegistry(ctx.env)
      .filter((plugin) => !only || plugin.id === only)
      .map((plugin) => ({ ...plugin, dropped: droppedOf(plugin.id, ctx.env) }));
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
