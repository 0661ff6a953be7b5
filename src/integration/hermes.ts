// Hermes Agent: a plugin folder of taw's own (~/.hermes/plugins/taw-agent-state: its
// plugin.yaml and __init__.py), enabled by name in ~/.hermes/config.yaml ($HERMES_HOME). It
// reports the session; Hermes's title and screen keep the state.

import { copyFileSync, existsSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { TawError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { requireConfigDir } from "./config-file.ts";
import { HERMES_PLUGIN, hermesManifest, hermesPlugin } from "./hermes-source.ts";
import { disablePlugin, enablePlugin } from "./hermes-yaml.ts";
import { MARKER } from "./hook-command.ts";
import { backupPath } from "./json-config.ts";
import { configDirOf, type Env, type Integration, mergeOutcomes, type Outcome, unchanged } from "./types.ts";

const spec = {
  id: "hermes",
  name: "Hermes Agent",
  reports: "session" as const,
  checkedAgainst:
    "plugin hooks of Hermes Agent (herdr's hermes integration); not run here (PyPI is out of reach)",
  dir: (env: Env) => configDirOf(env, "HERMES_HOME", ".hermes"),
  dirHint: "run hermes once (or set HERMES_HOME)",
  file: "config.yaml",
};
const RESUME = ["hermes", "--resume", "{session_id}"];
const folder = (env: Env) => join(spec.dir(env), "plugins", HERMES_PLUGIN);
const pluginFiles = (env: Env) => [join(folder(env), "__init__.py"), join(folder(env), "plugin.yaml")];
const config = (env: Env) => join(spec.dir(env), spec.file);
const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined);
const ours = (file: string) => read(file)?.includes(MARKER) === true;

/** Write `text` over `file` (or remove it when empty), a backup of what was there first. */
function rewrite(file: string, before: string | undefined, text: string): Outcome {
  if (text === (before ?? "")) return unchanged();
  if (before !== undefined) copyFileSync(file, backupPath(file));
  if (text === "") rmSync(file, { force: true });
  else writeFileAtomic(file, text);
  return { changed: true, files: [file], backups: before === undefined ? [] : [backupPath(file)] };
}

export const hermes: Integration = {
  id: spec.id,
  name: spec.name,
  reports: spec.reports,
  checkedAgainst: spec.checkedAgainst,
  files: (env) => [config(env), ...pluginFiles(env)],
  installed: (env) =>
    pluginFiles(env).every(ours) && (read(config(env)) ?? "").includes(`- ${HERMES_PLUGIN} # ${MARKER}`),
  install(env, taw) {
    const file = requireConfigDir(spec, env);
    const [init, manifest] = pluginFiles(env) as [string, string];
    for (const path of [init, manifest])
      if (existsSync(path) && !ours(path))
        throw new TawError(
          "config_conflict",
          `${path} exists and is not taw's: move it away, then install again`,
        );
    const before = read(file);
    const enabled = enablePlugin(before ?? "", file, HERMES_PLUGIN);
    let outcome = unchanged();
    for (const [path, text] of [
      [init, hermesPlugin(taw, RESUME)],
      [manifest, hermesManifest()],
    ] as const) {
      if (read(path) === text) continue;
      writeFileAtomic(path, text);
      outcome = mergeOutcomes(outcome, { changed: true, files: [path], backups: [] });
    }
    return mergeOutcomes(outcome, rewrite(file, before, enabled));
  },
  uninstall(env) {
    let outcome = unchanged();
    for (const path of pluginFiles(env))
      if (ours(path)) {
        rmSync(path);
        outcome = mergeOutcomes(outcome, { changed: true, files: [path], backups: [] });
      }
    // The folder goes when taw's files were all it held.
    try {
      rmdirSync(folder(env));
    } catch {}
    const before = read(config(env));
    if (before === undefined) return outcome;
    return mergeOutcomes(outcome, rewrite(config(env), before, disablePlugin(before, HERMES_PLUGIN)));
  },
};
