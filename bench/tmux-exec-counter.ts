// Counts the tmux processes a program starts without running anything in their way: a copy of
// the real tmux binary goes first on the program's PATH, and the kernel reports each start
// (an inotify open event on the copy) to this process. tmux-shim.ts counts exactly but runs a
// shell before each tmux, ~0.8 ms of CPU that a CPU figure would lay at the program's door.
//
// The kernel folds an event into an identical one still unread just before it. Each run adds
// an open (its exec) and a close (its exit), so runs one after another never fold; two runs
// whose lives overlap can be counted once. bench/engine.ts's engine runs tmux one at a time.

import { dlopen, FFIType, ptr } from "bun:ffi";
import { chmodSync, copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TmuxStartCount } from "./tmux-shim.ts";

const IN_NONBLOCK = 0o4000;
const IN_CLOEXEC = 0o2000000;
const IN_OPEN = 0x20;
const IN_CLOSE_NOWRITE = 0x10;
/** wd, mask, cookie and name length; a watched file's events carry no name. */
const EVENT_BYTES = 16;

const libc = () =>
  dlopen("libc.so.6", {
    inotify_init1: { args: [FFIType.i32], returns: FFIType.i32 },
    inotify_add_watch: { args: [FFIType.i32, FFIType.ptr, FFIType.u32], returns: FFIType.i32 },
    read: { args: [FFIType.i32, FFIType.ptr, FFIType.u64], returns: FFIType.i64 },
  }).symbols;

export function tmuxExecCounter(): TmuxStartCount {
  const real = Bun.which("tmux");
  if (!real) throw new Error("tmux is not on PATH");
  const dir = mkdtempSync(join(tmpdir(), "taw-tmux-counted-"));
  const copy = join(dir, "tmux");
  copyFileSync(real, copy);
  chmodSync(copy, 0o755);
  const { inotify_init1, inotify_add_watch, read } = libc();
  const fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd < 0 || inotify_add_watch(fd, ptr(Buffer.from(`${copy}\0`)), IN_OPEN | IN_CLOSE_NOWRITE) < 0)
    throw new Error("inotify is not available: count with tmuxShim() instead");
  const buffer = new Uint8Array(64 * 1024);
  const view = new DataView(buffer.buffer);
  let starts = 0;
  return {
    dir,
    calls() {
      for (;;) {
        const bytes = Number(read(fd, ptr(buffer), buffer.length));
        if (bytes <= 0) return starts;
        for (let at = 0; at + EVENT_BYTES <= bytes; at += EVENT_BYTES + view.getUint32(at + 12, true)) {
          if (view.getUint32(at + 4, true) & IN_OPEN) starts++;
        }
      }
    },
  };
}
