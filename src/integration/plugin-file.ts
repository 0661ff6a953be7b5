// An integration that is a file of its own in the agent's plugin or extension folder
// (OpenCode, Kilo, pi): install writes it, uninstall removes it. A file of the same name
// that is not taw's (no marker) is the user's and is never overwritten or removed.

import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { notFound, TawError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { MARKER } from "./hook-command.ts";
import { type Env, type Integration, type Reports, unchanged } from "./types.ts";

export interface PluginFileSpec {
  id: string;
  name: string;
  reports: Reports;
  checkedAgainst: string;
  /** The agent's configuration folder (must exist) and the plugin's path inside it. */
  dir(env: Env): string;
  dirHint: string;
  file: string;
  /** The plugin's text; it must contain MARKER. */
  source(taw: string): string;
}

export function pluginFile(spec: PluginFileSpec): Integration {
  const path = (env: Env) => join(spec.dir(env), spec.file);
  const ours = (file: string) => existsSync(file) && readFileSync(file, "utf8").includes(MARKER);
  return {
    id: spec.id,
    name: spec.name,
    reports: spec.reports,
    checkedAgainst: spec.checkedAgainst,
    files: (env) => [path(env)],
    installed: (env) => ours(path(env)),
    install(env, taw) {
      const dir = spec.dir(env);
      if (!existsSync(dir))
        throw notFound(
          "agent_config_missing",
          `${spec.name}'s configuration folder ${dir} does not exist: ${spec.dirHint}, then install again`,
        );
      const file = path(env);
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
