// Where taw's logs are, and reading their ends: `taw logs`. The engine (taw engine, or the one
// a dashboard hosts) writes engine.log, a dashboard that failed writes dashboard.log (both
// src/watch/log.ts, rotated to `<name>.log.1`). Both live in logDir(): one folder per user,
// shared by every tmux server, each line naming the process (its pid) that wrote it.

import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { logDir } from "../paths.ts";

export type LogName = "engine" | "dashboard";

/** The files a log is made of, oldest first: the rotated one, then the current one. */
export function logFiles(name: LogName, env: Record<string, string | undefined> = process.env): string[] {
  const base = join(logDir(env), `${name}.log`);
  return [`${base}.1`, base];
}

/** The bytes from `from` to the end of a file ("" for none, or a file that is not there). */
export function readFrom(path: string, from: number): { text: string; size: number } {
  let size = 0;
  try {
    size = statSync(path).size;
  } catch {
    return { text: "", size: 0 };
  }
  // A file smaller than where we were was rotated or emptied: read it from its start.
  const start = from > size ? 0 : from;
  if (size === start) return { text: "", size };
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(size - start);
    const read = readSync(fd, buffer, 0, buffer.length, start);
    return { text: buffer.subarray(0, read).toString("utf8"), size: start + read };
  } finally {
    closeSync(fd);
  }
}

/** The last `count` lines of a log's files together, oldest first, and the files' sizes (where a
 * follow goes on from). Only the end of each file is read. */
export function lastLines(files: string[], count: number): { lines: string[]; sizes: Map<string, number> } {
  const TAIL_BYTES = 256 * 1024;
  const lines: string[] = [];
  const sizes = new Map<string, number>();
  for (const file of files) {
    const size = existsSync(file) ? statSync(file).size : 0;
    const { text } = readFrom(file, Math.max(0, size - TAIL_BYTES));
    sizes.set(file, size);
    const fileLines = text.split("\n");
    if (fileLines.at(-1) === "") fileLines.pop();
    // A read that began mid-file drops its first, partial line.
    if (size > TAIL_BYTES) fileLines.shift();
    lines.push(...fileLines);
  }
  return { lines: count > 0 ? lines.slice(-count) : [], sizes };
}
