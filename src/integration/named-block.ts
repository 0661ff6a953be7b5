// An integration that is one member of the agent's JSON file, under a name of taw's own
// (Antigravity's hooks.json is keyed by hook name: each name holds its own events). Install
// writes that member (replacing taw's earlier one), uninstall cuts it out of the text, and the
// file itself when nothing else is left in it. A member of that name that is not taw's (no
// marker in it) is the user's: install refuses.

import { existsSync, rmSync } from "node:fs";
import { TawError } from "../errors.ts";
import { type ConfigFileSpec, configFilePath, describedBy, requireConfigDir } from "./config-file.ts";
import { MARKER } from "./hook-command.ts";
import type { JsonObject } from "./hook-entries.ts";
import { type JsonConfig, readJsonConfig, writeJsonConfig } from "./json-config.ts";
import { appendMember, parseJsonText, removeMember } from "./json-text.ts";
import { type Env, type Integration, type Outcome, unchanged } from "./types.ts";

export interface NamedBlockSpec extends ConfigFileSpec {
  /** The member's name in the file's top object. */
  key: string;
  block(taw: string): JsonObject;
}

/** What a file taw creates and empties again holds. */
const EMPTY = "{}\n";

export function namedBlock(spec: NamedBlockSpec): Integration {
  const path = (env: Env) => configFilePath(spec, env);
  const ours = (config: JsonConfig) =>
    config.value[spec.key] !== undefined && JSON.stringify(config.value[spec.key]).includes(MARKER);
  /** The text without taw's member (the text as it is when there is none). */
  const without = (text: string) => {
    const root = parseJsonText(text);
    const index = root.members.findIndex((member) => member.key === spec.key);
    return index < 0 ? text : removeMember(text, root, index);
  };
  const outcome = (file: string, written: { changed: boolean; backup?: string }): Outcome => ({
    changed: written.changed,
    files: written.changed ? [file] : [],
    backups: written.backup ? [written.backup] : [],
  });
  return {
    ...describedBy(spec),
    installed: (env) => {
      try {
        return ours(readJsonConfig(path(env)));
      } catch {
        return false;
      }
    },
    install(env, taw) {
      const file = requireConfigDir(spec, env);
      const config = readJsonConfig(file);
      if (config.value[spec.key] !== undefined && !ours(config))
        throw new TawError(
          "config_conflict",
          `'${spec.key}' in ${file} is not taw's: rename it, then install again`,
        );
      const base = without(config.text ?? "");
      const text = appendMember(base, parseJsonText(base), spec.block(taw), spec.key);
      return outcome(file, writeJsonConfig(config, text));
    },
    uninstall(env) {
      const file = path(env);
      if (!existsSync(file)) return unchanged();
      const config = readJsonConfig(file);
      if (!ours(config)) return unchanged();
      const text = without(config.text ?? "");
      if (text === EMPTY) {
        rmSync(file);
        return { changed: true, files: [file], backups: [] };
      }
      return outcome(file, writeJsonConfig(config, text));
    },
  };
}
