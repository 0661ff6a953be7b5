// Pane history: each pane's last lines of scrollback and its screen, with colours, saved
// gzipped beside its session's file (<session>.history/<window>.<pane>.gz) and shown again
// above a dimmed divider when the pane is restored. It is text to read: nothing in it runs.

import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { sweepTempFiles, writeFileAtomic } from "../fs.ts";
import { shellLine, target, word } from "../tmux/escape.ts";
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

/** A history file that already holds the pane's capture: left as it is. */
export const KEPT = "kept";
export type HistoryFile = Uint8Array | typeof KEPT;

/** What each history file (by path) was last written from, so an idle pane is never rewritten:
 * the capture's hash (a pane with new output, scrolled or redrawn, captures differently), its
 * size, and the second it was captured in. */
export type Fingerprints = Map<string, { hash: string; bytes: number; at: number }>;

/** A pane whose window printed nothing since its history was captured (its last output came
 * before that second) needs no capture at all: its file, still there, holds it. Undefined
 * when the pane must be captured. */
export function keptUncaptured(
  file: string,
  activity: number,
  room: number,
  seen?: Fingerprints,
): { data: HistoryFile; bytes: number } | undefined {
  const last = seen?.get(file);
  if (!last || activity >= last.at || !existsSync(file)) return undefined;
  if (last.bytes <= room) return { data: KEPT, bytes: last.bytes };
  // No room left for it in this save: captured again next time, to fit what room there is.
  seen?.delete(file);
  return undefined;
}

/**
 * A pane's history to write: KEPT when its file holds this very capture already (as `seen`
 * remembers it), else the capture packed within `room` bytes (none for an empty pane).
 * `seen` is updated for what is to be written, as captured in the second `at`.
 */
export function historyFor(
  file: string,
  capture: string,
  room: number,
  seen?: Fingerprints,
  at = Math.floor(Date.now() / 1000),
): { data: HistoryFile; bytes: number } | undefined {
  const hash = Bun.hash(capture).toString(36);
  const last = seen?.get(file);
  if (last && last.hash === hash && last.bytes <= room && existsSync(file)) {
    last.at = at;
    return { data: KEPT, bytes: last.bytes };
  }
  const packed = room > 0 ? packHistory(capture, room) : undefined;
  if (!packed) {
    seen?.delete(file);
    return undefined;
  }
  seen?.set(file, { hash, bytes: packed.byteLength, at });
  return { data: packed, bytes: packed.byteLength };
}

/** Write a session's changed histories, and take away those of panes it no longer has.
 * Returns how many files were written. */
export function writeHistories(dir: string, files: Map<string, HistoryFile>): number {
  if (files.size === 0) {
    removeHistories(dir);
    return 0;
  }
  privateDir(dir);
  sweepTempFiles(dir);
  let written = 0;
  for (const [name, data] of files) {
    if (data === KEPT) continue;
    writeFileAtomic(join(dir, name), data, 0o600);
    written++;
  }
  for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(join(dir, name), { force: true });
  return written;
}

export const removeHistories = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** What tmux runs in a new pane: its default-shell, with its default-command when set. */
export interface PaneShell {
  shell: string;
  defaultCommand: string;
}

/** The restored pane's command: its history and the divider, the program to run again if
 * any, then what tmux would have run (the server's default-command through its shell, else
 * a login shell). None when there is neither history nor program: tmux runs that itself. */
export function restoredCommand(
  file: string,
  divider: string,
  { shell, defaultCommand }: PaneShell,
  program: string[] = [],
): string[] | undefined {
  const history = existsSync(file);
  if (!history && program.length === 0) return undefined;
  const script = [
    history ? 'gzip -dc -- "$1"; printf "\\033[2m%s\\033[0m\\n" "$2"' : "",
    // Job control on: the program gets its own process group in front of the terminal, so
    // tmux names it (pane_current_command) and the next save sees it again.
    'shell=$3; command=$4; shift 4; [ "$#" -gt 0 ] && { set -m; "$@"; }',
    'if [ -n "$command" ]; then exec "$shell" -c "$command"; else exec "$shell" -l; fi',
  ]
    .filter(Boolean)
    .join("; ");
  return ["sh", "-c", script, "sh", file, divider, shell, defaultCommand, ...program].map(word);
}

/** `-- taw: restored from Dec 03 14:02, fresh shell in <dir> --` (or `running <program> in <dir>`) */
export function dividerLine(savedAt: string, dir: string, program?: string[]): string {
  const at = new Date(savedAt);
  const month = at.toLocaleString("en-US", { month: "short" });
  const pad = (n: number) => String(n).padStart(2, "0");
  return `-- taw: restored from ${month} ${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}, ${program ? `running ${shellLine(program)}` : "fresh shell"} in ${dir} --`;
}
