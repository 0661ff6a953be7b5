// An agent's JSON settings file, edited so that only taw's entries change: it is written back
// with the indent and final newline it had (key order is kept by JSON itself), not at all
// when nothing changed, atomically, and after a copy of the file as it was (`<file>.taw-backup`).

import { chmodSync, copyFileSync, existsSync, readFileSync, statSync } from "node:fs";
import { TawError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";

export type JsonObject = Record<string, unknown>;

export interface JsonConfig {
  path: string;
  /** The file's text, undefined when there is no file yet. */
  text?: string;
  value: JsonObject;
}

export const backupPath = (path: string) => `${path}.taw-backup`;

export function readJsonConfig(path: string): JsonConfig {
  if (!existsSync(path)) return { path, value: {} };
  const text = readFileSync(path, "utf8");
  if (text.trim() === "") return { path, text, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TawError(
      "config_unreadable",
      `${path} is not plain JSON (${(error as Error).message}); taw edits only JSON it can read back exactly: fix the file, then run the install again`,
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new TawError("config_unreadable", `${path} holds no JSON object: fix the file, then install again`);
  return { path, text, value: value as JsonObject };
}

/** The indent the file uses (its first indented key): none for a file on one line, two
 * spaces for a new file. */
function indentOf(text: string | undefined): string {
  if (text !== undefined && !text.trim().includes("\n")) return "";
  return text?.match(/^([ \t]+)"/m)?.[1] ?? "  ";
}

/** Write `value` back in the file's own style; returns the backup written, or undefined
 * when the text is the same (nothing is written then). */
export function writeJsonConfig(
  config: JsonConfig,
  value: JsonObject,
): { changed: boolean; backup?: string } {
  const newline = config.text === undefined || config.text.endsWith("\n") ? "\n" : "";
  const text = `${JSON.stringify(value, null, indentOf(config.text))}${newline}`;
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
