// `taw logs --follow`: the lines logs gain, printed as they come, until the process is
// stopped. A poll, not a file watch: the engine appends a few lines a second at most, and a
// poll sees a rotation (the file grows smaller) the same way on every system.

import { readFrom } from "./files.ts";

/** How often the logs are looked at again. */
export const FOLLOW_POLL_MS = 250;

export interface Followed {
  /** What each line printed is prefixed with ("" for one log). */
  prefix: string;
  path: string;
  /** Where the last read ended. */
  size: number;
}

/** Print what the files gain, line by line, forever (or until `stop` says so). */
export async function followLogs(
  followed: Followed[],
  write: (text: string) => void,
  stop: () => boolean = () => false,
): Promise<void> {
  const partial = new Map<string, string>();
  while (!stop()) {
    for (const file of followed) {
      const { text, size } = readFrom(file.path, file.size);
      file.size = size;
      if (!text) continue;
      const lines = ((partial.get(file.path) ?? "") + text).split("\n");
      // A line not yet ended waits for its end.
      partial.set(file.path, lines.pop() ?? "");
      for (const line of lines) write(`${file.prefix}${line}\n`);
    }
    await Bun.sleep(FOLLOW_POLL_MS);
  }
}
