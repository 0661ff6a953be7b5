// Pane history: each pane's last lines of scrollback and its screen, with colours, saved
// gzipped beside its session's file (<session>.history/<window>.<pane>.gz) and shown again
// above a dimmed divider when the pane is restored. It is text to read: nothing in it runs.

import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { writeFileAtomic } from "../fs.ts";
import { target, word } from "../tmux/escape.ts";
import { privateDir } from "./store.ts";

/** At most this much history for one session, all its panes together. */
export const SESSION_HISTORY_BYTES = 16 * 1024 * 1024;

export const historyName = (window: number, pane: number) => `${window}.${pane}.gz`;

/** The capture of a pane: `lines` of scrollback and the screen, colours kept, wrapped lines joined. */
export const captureCommand = (pane: string, lines: number) => [
  "capture-pane",
  "-p",
  "-e",
  "-J",
  "-S",
  String(-lines),
  "-t",
  target(pane),
];

/** The capture compressed, without the empty rows below the text; lines from the top go
 * until it fits in `maxBytes`. Nothing for a pane that shows nothing. */
export function packHistory(text: string, maxBytes: number): Uint8Array | undefined {
  let lines = text.trimEnd().split("\n");
  while (lines.length > 0 && lines.join("").trim() !== "") {
    const packed = gzipSync(`${lines.join("\n")}\n`);
    if (packed.byteLength <= maxBytes) return packed;
    lines = lines.slice(Math.ceil(lines.length / 2));
  }
  return undefined;
}

/** Write a session's histories, and take away those of panes it no longer has. */
export function writeHistories(dir: string, files: Map<string, Uint8Array>): void {
  if (files.size === 0) {
    removeHistories(dir);
    return;
  }
  privateDir(dir);
  for (const [name, data] of files) writeFileAtomic(join(dir, name), data, 0o600);
  for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(join(dir, name), { force: true });
}

export const removeHistories = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** The restored pane's command: its history, the divider, then the shell tmux would have run. */
export function historyCommand(file: string, divider: string, shell: string): string[] | undefined {
  if (!existsSync(file)) return undefined;
  const script = 'gzip -dc -- "$1"; printf "\\033[2m%s\\033[0m\\n" "$2"; exec "$3" -l';
  return ["sh", "-c", script, "sh", file, divider, shell].map(word);
}

/** `-- taw: restored from Dec 03 14:02, fresh shell in <dir> --` */
export function dividerLine(savedAt: string, dir: string): string {
  const at = new Date(savedAt);
  const month = at.toLocaleString("en-US", { month: "short" });
  const pad = (n: number) => String(n).padStart(2, "0");
  return `-- taw: restored from ${month} ${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}, fresh shell in ${dir} --`;
}
