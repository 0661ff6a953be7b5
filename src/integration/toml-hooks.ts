// Hooks as `[[hooks]]` tables of a TOML configuration (Kimi CLI's config.toml): taw's tables
// go in one block between two marker lines at the end of the file, so install replaces the
// block (idempotent), uninstall cuts exactly it out, and every other byte of the user's file
// stays as it was. A backup of the file goes beside it before each edit.

import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { writeFileAtomic } from "../fs.ts";
import { type ConfigFileSpec, configFilePath, describedBy, requireConfigDir } from "./config-file.ts";
import { MARKER } from "./hook-command.ts";
import { backupPath } from "./json-config.ts";
import { type Env, type Integration, type Outcome, unchanged } from "./types.ts";

export interface TomlHook {
  event: string;
  matcher?: string;
  command: string;
  timeout?: number;
}

export interface TomlHooksSpec extends ConfigFileSpec {
  hooks(taw: string): TomlHook[];
}

const BEGIN = `# >>> ${MARKER} (taw integration install; taw integration uninstall takes it out)`;
const END = `# <<< ${MARKER}`;

/** A TOML basic string: JSON's escapes are TOML's for the characters a command holds. */
const tomlString = (text: string) => JSON.stringify(text);

export function hooksBlock(hooks: TomlHook[]): string {
  const tables = hooks.map((hook) =>
    [
      "[[hooks]]",
      `event = ${tomlString(hook.event)}`,
      ...(hook.matcher ? [`matcher = ${tomlString(hook.matcher)}`] : []),
      `command = ${tomlString(hook.command)}`,
      ...(hook.timeout ? [`timeout = ${hook.timeout}`] : []),
    ].join("\n"),
  );
  return [BEGIN, tables.join("\n\n"), END].join("\n");
}

/** The file's text without taw's block (and the blank line install put before it). */
export function withoutBlock(text: string): string {
  const start = text.indexOf(BEGIN);
  if (start < 0) return text;
  const end = text.indexOf(END, start);
  const after = end < 0 ? text.length : end + END.length;
  const head = text.slice(0, start).replace(/\n\n$/, "\n");
  return head + text.slice(after).replace(/^\n/, "");
}

export function tomlHooks(spec: TomlHooksSpec): Integration {
  const path = (env: Env) => configFilePath(spec, env);
  const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined);
  const write = (file: string, before: string | undefined, text: string): Outcome => {
    if (before !== undefined) copyFileSync(file, backupPath(file));
    if (text === "") rmSync(file);
    else writeFileAtomic(file, text);
    return { changed: true, files: [file], backups: before === undefined ? [] : [backupPath(file)] };
  };
  return {
    ...describedBy(spec),
    installed: (env) => read(path(env))?.includes(BEGIN) === true,
    install(env, taw) {
      const file = requireConfigDir(spec, env);
      const before = read(file);
      const base = withoutBlock(before ?? "");
      const separator = base === "" || base.endsWith("\n\n") ? "" : base.endsWith("\n") ? "\n" : "\n\n";
      const text = `${base}${separator}${hooksBlock(spec.hooks(taw))}\n`;
      return text === before ? unchanged() : write(file, before, text);
    },
    uninstall(env) {
      const file = path(env);
      const before = read(file);
      if (before === undefined || !before.includes(BEGIN)) return unchanged();
      const text = withoutBlock(before);
      return write(file, before, text.trim() === "" ? "" : text);
    },
  };
}
