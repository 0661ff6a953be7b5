// Atomic file writes: a reader sees the old file or the new one, never half of one.

import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** `mode` is the file's permission bits (0o600 for files that may hold secrets). */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(
    dirname(path),
    `.${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`,
  );
  try {
    writeFileSync(temp, data, mode === undefined ? undefined : { mode });
    renameSync(temp, path);
  } catch (error) {
    // A full disk leaves half a temp file: it goes, the last good file stays.
    rmSync(temp, { force: true });
    throw error;
  }
}
