// An append-only file that a long-running engine can write to forever: past a size cap it is
// renamed to `<path>.1` (replacing the last one) and started again, so it never fills the disk.

import { appendFileSync, mkdirSync, renameSync, statSync } from "node:fs";
import { dirname } from "node:path";

export class RotatingFile {
  /** The file's size as this process knows it; -1 until read (or after a failure). */
  private bytes = -1;

  constructor(
    readonly path: string,
    private readonly limit: number,
  ) {}

  /** Appends `text`, rotating first when it would pass the cap; throws what the file system
   * said (a full or read-only folder), for the caller to report or drop. */
  append(text: string): void {
    const size = Buffer.byteLength(text);
    try {
      if (this.bytes < 0) {
        mkdirSync(dirname(this.path), { recursive: true });
        this.bytes = sizeOf(this.path);
      }
      if (this.bytes > 0 && this.bytes + size > this.limit) {
        renameSync(this.path, `${this.path}.1`);
        this.bytes = 0;
      }
      appendFileSync(this.path, text);
      this.bytes += size;
    } catch (error) {
      this.bytes = -1;
      throw error;
    }
  }
}

export function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
