// An integration that lives in the agent's JSON settings file: taw's hook entries under its
// `hooks` object, beside the user's own. Install is idempotent (taw's earlier entries are
// replaced), uninstall takes out exactly taw's entries, and the file itself when taw made it.

import { existsSync, rmSync } from "node:fs";
import { type ConfigFileSpec, configFilePath, describedBy, requireConfigDir } from "./config-file.ts";
import {
  addOurHooks,
  type HookEntry,
  type HookShape,
  hasOurHooks,
  hooksBase,
  type JsonObject,
  removeOurHooks,
} from "./hook-entries.ts";
import { readJsonConfig, writeJsonConfig } from "./json-config.ts";
import { createdBy, dropRecord, recordCreated } from "./record.ts";
import { type Env, type Integration, mergeOutcomes, type Outcome, unchanged } from "./types.ts";

/** `file` is the settings file in the agent's folder. */
export interface SettingsHooksSpec extends ConfigFileSpec {
  shape: HookShape;
  hooks(taw: string): HookEntry[];
  /** What a file taw creates starts with besides `hooks` (Cursor's `version`). */
  initial?: JsonObject;
  /** Another edit install needs (Codex's feature flag), undone by uninstall. */
  also?: { install(env: Env): Outcome; uninstall(env: Env): Outcome; installed(env: Env): boolean };
}

export function settingsHooks(spec: SettingsHooksSpec): Integration {
  const path = (env: Env) => configFilePath(spec, env);
  const base = hooksBase(spec.shape);
  const hooksIn = (value: JsonObject) => (base.length ? value[base[0] as string] : value);
  /** What a file taw creates holds before its hooks. */
  const fresh = `${JSON.stringify(spec.initial ?? {}, null, 2)}\n`;
  return {
    ...describedBy(spec),
    installed: (env) => {
      try {
        return hasOurHooks(hooksIn(readJsonConfig(path(env)).value)) && (spec.also?.installed(env) ?? true);
      } catch {
        return false;
      }
    },
    install(env, taw) {
      const file = requireConfigDir(spec, env);
      const config = readJsonConfig(file);
      const added = addOurHooks(
        config.text ?? fresh,
        file,
        spec.shape,
        spec.hooks(taw),
        createdBy(env, spec.id),
      );
      // The other edit first: it is the one that can refuse (a user's own setting).
      const also = spec.also ? spec.also.install(env) : unchanged();
      const written = writeJsonConfig(config, added.text);
      recordCreated(env, spec.id, added.created);
      return mergeOutcomes(
        {
          changed: written.changed,
          files: written.changed ? [file] : [],
          backups: written.backup ? [written.backup] : [],
        },
        also,
      );
    },
    uninstall(env) {
      const file = path(env);
      const also = spec.also ? spec.also.uninstall(env) : unchanged();
      if (!existsSync(file)) return also;
      const config = readJsonConfig(file);
      if (!hasOurHooks(hooksIn(config.value))) return also;
      const text = removeOurHooks(config.text ?? "", file, createdBy(env, spec.id), base);
      dropRecord(env, spec.id);
      // A file taw made holds nothing else: it goes.
      if (text === fresh) {
        rmSync(file);
        return mergeOutcomes({ changed: true, files: [file], backups: [] }, also);
      }
      const written = writeJsonConfig(config, text);
      return mergeOutcomes(
        { changed: written.changed, files: [file], backups: written.backup ? [written.backup] : [] },
        also,
      );
    },
  };
}
