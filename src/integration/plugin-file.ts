// An integration that is a file of its own in the agent's plugin or extension folder
// (OpenCode, Kilo, pi): install writes it, uninstall removes it. A file of the same name
// that is not taw's (no marker) is the user's and is never overwritten or removed.

import { existsSync, readFileSync, rmSync } from "node:fs";
import { TawError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { type ConfigFileSpec, configFilePath, describedBy, requireConfigDir } from "./config-file.ts";
import { MARKER } from "./hook-command.ts";
import { type Env, type Integration, unchanged } from "./types.ts";

export interface PluginFileSpec extends ConfigFileSpec {
  /** The plugin's text; it must contain MARKER. */
  source(taw: string): string;
}

export function pluginFile(spec: PluginFileSpec): Integration {
  const path = (env: Env) => configFilePath(spec, env);
  const ours = (file: string) => existsSync(file) && readFileSync(file, "utf8").includes(MARKER);
  return {
    ...describedBy(spec),
    installed: (env) => ours(path(env)),
    install(env, taw) {
      const file = requireConfigDir(spec, env);
      if (existsSync(file) && !ours(file))
        throw new TawError(
          "config_conflict",
          `${file} exists and is not taw's: move it away, then install again`,
        );
      const text = spec.source(taw);
      if (existsSync(file) && readFileSync(file, "utf8") === text) return unchanged();
      writeFileAtomic(file, text);
      return { changed: true, files: [file], backups: [] };
    },
    uninstall(env) {
      const file = path(env);
      if (!ours(file)) return unchanged();
      rmSync(file);
      return { changed: true, files: [file], backups: [] };
    },
  };
}
