// The user's plugins, global to the user as herdr keeps them: which folders are linked,
// whether each is enabled, and where each keeps its config and its state. One JSON file,
// written atomically; a plugin's manifest is read again from its folder whenever it runs,
// so an edit takes effect without linking again.

import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { notFound, TawError, usageError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { configDir, stateDir } from "../paths.ts";
import { type Manifest, ManifestError, parseManifest } from "./manifest.ts";

type Env = Record<string, string | undefined>;

export const MANIFEST_FILE = "herdr-plugin.toml";

export interface Registered {
  id: string;
  /** The plugin's folder (HERDR_PLUGIN_ROOT). */
  root: string;
  /** `link`: a folder of the user's; `github`: a checkout taw manages (`install`). */
  source: "link" | "github";
  /** For `github`: the owner/repo[/subdir] it was installed from. */
  spec?: string;
  enabled: boolean;
}

export const registryFile = (env: Env) => join(stateDir(env), "plugins", "registry.json");
export const pluginConfigDir = (id: string, env: Env = process.env) => join(configDir(env), "plugins", id);
export const pluginStateDir = (id: string, env: Env = process.env) => join(stateDir(env), "plugins", id);

export function readRegistry(env: Env = process.env): Registered[] {
  const file = registryFile(env);
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { plugins?: Registered[] };
    return Array.isArray(parsed.plugins) ? parsed.plugins : [];
  } catch {
    throw new TawError(
      "registry_unreadable",
      `${file} is not taw's plugin registry: move it aside to start afresh`,
    );
  }
}

function writeRegistry(plugins: Registered[], env: Env): void {
  writeFileAtomic(registryFile(env), `${JSON.stringify({ plugins }, null, 2)}\n`);
}

/** The manifest in `root`, checked; a usage error says the file, line and field. */
export function readManifest(root: string): Manifest {
  const file = join(root, MANIFEST_FILE);
  if (!existsSync(file)) throw usageError(`no ${MANIFEST_FILE} in ${root}: a plugin is a folder with one`);
  try {
    return parseManifest(file, readFileSync(file, "utf8"));
  } catch (error) {
    if (error instanceof ManifestError) throw usageError(error.message);
    throw error;
  }
}

export function findPlugin(id: string, env: Env = process.env): Registered {
  const found = readRegistry(env).find((plugin) => plugin.id === id);
  if (!found) throw notFound("plugin_not_found", `no plugin '${id}' is linked; 'taw plugin list' names them`);
  return found;
}

/** Register the plugin in `path`: its manifest checked, its config and state folders made. */
export function linkPlugin(
  path: string,
  enabled: boolean,
  env: Env = process.env,
): Registered & { manifest: Manifest } {
  const root = resolve(path);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw usageError(`${path} is not a folder`);
  const manifest = readManifest(root);
  const plugins = readRegistry(env);
  const other = plugins.find((plugin) => plugin.id === manifest.id && plugin.root !== root);
  if (other)
    throw new TawError(
      "plugin_exists",
      `a plugin '${manifest.id}' is already linked from ${other.root}: unlink it first ('taw plugin unlink ${manifest.id}')`,
    );
  const managed = plugins.find((plugin) => plugin.id === manifest.id && plugin.source === "github");
  if (managed)
    throw new TawError(
      "plugin_exists",
      `'${manifest.id}' is installed from ${managed.spec}: uninstall it first ('taw plugin uninstall ${manifest.id}')`,
    );
  return { ...registerPlugin({ id: manifest.id, root, source: "link", enabled }, env), manifest };
}

/** Put `entry` in the registry (in place of one of the same id) and make its folders. */
export function registerPlugin(entry: Registered, env: Env = process.env): Registered {
  writeRegistry([...readRegistry(env).filter((plugin) => plugin.id !== entry.id), entry], env);
  mkdirSync(pluginConfigDir(entry.id, env), { recursive: true });
  mkdirSync(pluginStateDir(entry.id, env), { recursive: true });
  return entry;
}

/** Forget the plugin; its folder, config and state stay. */
export function unlinkPlugin(id: string, env: Env = process.env): Registered {
  const found = findPlugin(id, env);
  writeRegistry(
    readRegistry(env).filter((plugin) => plugin.id !== id),
    env,
  );
  return found;
}

export function setEnabled(id: string, enabled: boolean, env: Env = process.env): Registered {
  const found = findPlugin(id, env);
  const entry = { ...found, enabled };
  writeRegistry(
    readRegistry(env).map((plugin) => (plugin.id === id ? entry : plugin)),
    env,
  );
  return entry;
}
