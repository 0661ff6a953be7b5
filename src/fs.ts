// Atomic file writes: a reader sees the old file or the new one, never half of one.

import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pidAlive } from "./pid.ts";

/** A temp file's name: hidden, and naming the process that writes it. */
const tempName = () => `.${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;

/** A temp file beside `path`, for a writer that renames it into place itself; sweepTempFiles
 * takes it away if the writer dies first. */
export const tempFileBeside = (path: string) => join(dirname(path), tempName());
const TEMP_NAME = /^\.\d+-(\d+)-[0-9a-z]+\.tmp$/;

/** `mode` is the file's permission bits (0o600 for files that may hold secrets). */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = tempFileBeside(path);
  try {
    writeFileSync(temp, data, mode === undefined ? undefined : { mode });
    renameSync(temp, path);
  } catch (error) {
    // A full disk leaves half a temp file: it goes, the last good file stays.
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Takes away the temp files of writers that died between their write and their rename
 * (`kill -9`); a live writer's are left alone. */
export function sweepTempFiles(dir: string): void {
  for (const name of readdirSync(dir)) {
    const writer = TEMP_NAME.exec(name)?.[1];
    if (writer !== undefined && !pidAlive(Number(writer))) rmSync(join(dir, name), { force: true });
  }
}
