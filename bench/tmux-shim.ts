// A `tmux` for a process's PATH that notes each start and runs the real one: how the e2e rest
// tests count the tmux processes taw starts, exactly, however many run at once. It runs a shell
// before each tmux: where CPU is measured, bench/ counts with tmux-exec-counter.ts.

import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TmuxStartCount {
  /** The folder to put first on PATH. */
  dir: string;
  /** How many tmux processes were started from that folder so far. */
  calls(): number;
}

export function tmuxShim(): TmuxStartCount {
  const real = Bun.which("tmux");
  if (!real) throw new Error("tmux is not on PATH");
  const dir = mkdtempSync(join(tmpdir(), "taw-tmux-shim-"));
  const log = join(dir, "calls");
  writeFileSync(log, "");
  writeFileSync(join(dir, "tmux"), `#!/bin/sh\nprintf x >> ${log}\nexec ${real} "$@"\n`);
  chmodSync(join(dir, "tmux"), 0o755);
  return { dir, calls: () => readFileSync(log, "utf8").length };
}
