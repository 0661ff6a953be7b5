// One `key = true` under a `[table]` of a TOML file (Codex's `[features] hooks = true`), added
// as whole lines that carry taw's marker, so uninstall takes out exactly those lines and the
// rest of the file stays byte for byte. A user's own `key = false` is theirs: install refuses.

import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { TawError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { MARKER } from "./hook-command.ts";
import { backupPath } from "./json-config.ts";
import type { Env, Outcome } from "./types.ts";

const ours = (line: string) => line.endsWith(`# ${MARKER}`);

function write(path: string, before: string | undefined, text: string): Outcome {
  if (before !== undefined) copyFileSync(path, backupPath(path));
  if (text === "") rmSync(path);
  else writeFileAtomic(path, text);
  return { changed: true, files: [path], backups: before === undefined ? [] : [backupPath(path)] };
}

export function tomlFlag(file: (env: Env) => string, table: string, key: string) {
  const header = new RegExp(`^\\s*\\[${table}\\]\\s*(#.*)?$`);
  const setting = new RegExp(`^\\s*${key}\\s*=\\s*(\\S+)`);
  const read = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined);
  /** The value the table gives the key, and where the table starts. */
  function find(lines: string[]): { at: number; value?: string } {
    const at = lines.findIndex((line) => header.test(line));
    if (at < 0) return { at };
    for (const line of lines.slice(at + 1)) {
      if (/^\s*\[/.test(line)) break;
      const value = line.match(setting)?.[1];
      if (value) return { at, value };
    }
    return { at };
  }
  return {
    installed: (env: Env) => find((read(file(env)) ?? "").split("\n")).value === "true",
    install(env: Env): Outcome {
      const path = file(env);
      const before = read(path);
      const lines = (before ?? "").split("\n");
      const { at, value } = find(lines);
      if (value === "true") return { changed: false, files: [], backups: [] };
      if (value !== undefined)
        throw new TawError(
          "config_conflict",
          `${path} sets ${key} = ${value} under [${table}]; the hook needs it true: change it, then install again`,
        );
      const line = `${key} = true # ${MARKER}`;
      if (at >= 0) lines.splice(at + 1, 0, line);
      else {
        if (lines.at(-1) === "") lines.pop();
        lines.push(`[${table}] # ${MARKER}`, line, "");
      }
      return write(path, before, lines.join("\n"));
    },
    uninstall(env: Env): Outcome {
      const path = file(env);
      const before = read(path);
      if (before === undefined || !before.split("\n").some(ours))
        return { changed: false, files: [], backups: [] };
      const text = before
        .split("\n")
        .filter((line) => !ours(line))
        .join("\n");
      return write(path, before, text.trim() === "" ? "" : text);
    },
  };
}
