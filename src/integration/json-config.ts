// An agent's JSON settings file, read (comments allowed) and written back as text edited in
// place (json-text.ts): not at all when nothing changed, atomically, keeping the file's mode,
// and after a copy of the file as it was (`<file>.taw-backup`).

import { chmodSync, copyFileSync, existsSync, readFileSync, statSync } from "node:fs";
import { TawError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { parseJsonText } from "./json-text.ts";

export interface JsonConfig {
  path: string;
  /** The file's text, undefined when there is no file yet. */
  text?: string;
  value: Record<string, unknown>;
}

export const backupPath = (path: string) => `${path}.taw-backup`;

export function readJsonConfig(path: string): JsonConfig {
  if (!existsSync(path)) return { path, value: {} };
  const text = readFileSync(path, "utf8");
  let value: unknown;
  try {
    value = parseJsonText(text).value;
  } catch (error) {
    throw new TawError(
      "config_unreadable",
      `${path} is not JSON taw can read (${(error as Error).message}): fix the file, then run the install again`,
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new TawError("config_unreadable", `${path} holds no JSON object: fix the file, then install again`);
  return { path, text, value: value as Record<string, unknown> };
}

/** Write `text` over the file; the backup written, or nothing when the text is the same. */
export function writeJsonConfig(config: JsonConfig, text: string): { changed: boolean; backup?: string } {
  if (text === config.text) return { changed: false };
  let backup: string | undefined;
  let mode: number | undefined;
  if (config.text !== undefined) {
    backup = backupPath(config.path);
    copyFileSync(config.path, backup);
    mode = statSync(config.path).mode & 0o7777;
  }
  writeFileAtomic(config.path, text);
  if (mode !== undefined) chmodSync(config.path, mode);
  return { changed: true, backup };
}
