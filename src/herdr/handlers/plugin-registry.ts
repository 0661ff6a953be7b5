// herdr's plugin registry methods on the code `taw plugin link|list|unlink|enable|disable`
// and `taw plugin log list` run (src/plugin): the registry is taw's, the answers herdr's
// shapes (InstalledPluginInfo, PluginCommandLogInfo). A plugin whose manifest no longer reads
// is listed with the reason in `warnings`, as herdr keeps such an entry.

import { join } from "node:path";
import { type LogEntry, readAllLogs, readLog } from "../../plugin/log.ts";
import type { Manifest } from "../../plugin/manifest.ts";
import {
  findPlugin,
  linkPlugin,
  MANIFEST_FILE,
  type Registered,
  readManifest,
  readRegistry,
  setEnabled,
  unlinkPlugin,
} from "../../plugin/registry.ts";
import type { MethodContext } from "../context.ts";
import { optionalCount, optionalString, requiredString } from "../params.ts";
import { verb } from "../verb.ts";

type Params = Record<string, unknown>;

const platforms = (entry: { platforms?: string[] }) => entry.platforms ?? null;
const command = (entry: { command: string[]; platforms?: string[] }) => ({
  platforms: platforms(entry),
  command: entry.command,
});

/** herdr's InstalledPluginInfo for a registry entry. */
function pluginInfo(plugin: Registered, known?: Manifest): Record<string, unknown> {
  let manifest = known;
  const warnings: string[] = [];
  try {
    manifest ??= readManifest(plugin.root);
  } catch (error) {
    warnings.push((error as Error).message);
  }
  const [owner, repo, ...subdir] = (plugin.spec ?? "").split("/");
  return {
    plugin_id: plugin.id,
    name: manifest?.name ?? plugin.id,
    version: manifest?.version ?? "",
    min_herdr_version: manifest?.minHerdrVersion ?? "",
    description: manifest?.description ?? null,
    manifest_path: join(plugin.root, MANIFEST_FILE),
    plugin_root: plugin.root,
    enabled: plugin.enabled,
    platforms: manifest?.platforms ?? null,
    build: (manifest?.build ?? []).map(command),
    startup: (manifest?.startup ?? []).map(command),
    actions: (manifest?.actions ?? []).map((a) => ({
      id: a.id,
      title: a.title,
      contexts: a.contexts,
      ...command(a),
    })),
    events: (manifest?.events ?? []).map((e) => ({ on: e.on, ...command(e) })),
    panes: (manifest?.panes ?? []).map((p) => ({
      id: p.id,
      title: p.title,
      placement: p.placement,
      width: p.width ?? null,
      height: p.height ?? null,
      ...command(p),
    })),
    link_handlers: (manifest?.linkHandlers ?? []).map((h) => ({ ...h, platforms: platforms(h) })),
    source:
      plugin.source === "github"
        ? { kind: "github", owner: owner || null, repo: repo || null, subdir: subdir.join("/") || null }
        : { kind: "local" },
    warnings,
  };
}

export async function pluginListMethod(params: Params, ctx: MethodContext) {
  const id = optionalString(params, "plugin_id");
  const plugins = await verb(async () => (id ? [findPlugin(id, ctx.env)] : readRegistry(ctx.env)));
  return { type: "plugin_list", plugins: plugins.map((plugin) => pluginInfo(plugin)) };
}

/** `path` is the plugin's folder or its herdr-plugin.toml, as herdr takes either. */
export async function pluginLinkMethod(params: Params, ctx: MethodContext) {
  const path = requiredString(params, "path").replace(new RegExp(`/?${MANIFEST_FILE}$`), "") || "/";
  const enabled = params.enabled !== false;
  const linked = await verb(async () => linkPlugin(path, enabled, ctx.env));
  return { type: "plugin_linked", plugin: pluginInfo(linked, linked.manifest) };
}

export async function pluginUnlinkMethod(params: Params, ctx: MethodContext) {
  const id = requiredString(params, "plugin_id");
  await verb(async () => unlinkPlugin(id, ctx.env));
  return { type: "plugin_unlinked", plugin_id: id, removed: true };
}

const setting = (enabled: boolean) => async (params: Params, ctx: MethodContext) => {
  const id = requiredString(params, "plugin_id");
  const plugin = await verb(async () => setEnabled(id, enabled, ctx.env));
  return { type: enabled ? "plugin_enabled" : "plugin_disabled", plugin: pluginInfo(plugin) };
};
export const pluginEnableMethod = setting(true);
export const pluginDisableMethod = setting(false);

/** herdr's PluginCommandLogInfo for one of taw's log lines. */
function logInfo(entry: LogEntry, index: number) {
  const started = Date.parse(entry.at);
  return {
    log_id: `${entry.plugin_id}:${started}:${index}`,
    plugin_id: entry.plugin_id,
    action_id: entry.kind === "action" ? entry.name : null,
    event: entry.kind === "event" ? entry.name : null,
    command: entry.command,
    status: entry.exit_code === 0 && !entry.timed_out ? "succeeded" : "failed",
    started_unix_ms: started,
    finished_unix_ms: started + entry.duration_ms,
    exit_code: entry.exit_code,
    stdout: entry.stdout,
    stderr: entry.stderr,
    error: entry.timed_out ? `timed out after ${entry.duration_ms} ms` : null,
  };
}

export async function pluginLogListMethod(params: Params, ctx: MethodContext) {
  const id = optionalString(params, "plugin_id");
  const limit = optionalCount(params, "limit") ?? 50;
  const logs = await verb(async () => {
    if (!id) return readAllLogs(limit, ctx.env);
    findPlugin(id, ctx.env);
    return readLog(id, limit, ctx.env);
  });
  return { type: "plugin_log_list", logs: logs.map(logInfo) };
}
