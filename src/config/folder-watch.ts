// Being told soon that files in a folder changed: fs.watch on each folder that exists (an
// editor's save by rename shows as a change of the folder), debounced, with a stat poll
// behind it for what inotify misses: every POLL_MS while a folder could not be watched (not
// made yet), every SLOW_POLL_MS once all are (a missed event, a network file system), so a
// resting engine is not woken each second for nothing. The caller's check compares
// fingerprints, so a spurious wake-up costs a few stats.

import { type FSWatcher, watch } from "node:fs";

export const DEBOUNCE_MS = 100;
export const POLL_MS = 1000;
export const SLOW_POLL_MS = 10_000;

/** Run `check` soon after anything in `folders` changes, and every POLL_MS; returns the stop. */
export function watchFolders(folders: string[], check: () => void, pollMs = POLL_MS): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      check();
    }, DEBOUNCE_MS);
    pending.unref?.();
  };
  const watchers: FSWatcher[] = [];
  for (const folder of folders) {
    try {
      const watcher = watch(folder, soon);
      watcher.on("error", () => watcher.close());
      watcher.unref?.();
      watchers.push(watcher);
    } catch {
      // Not there (yet): the poll sees it.
    }
  }
  const timer = setInterval(
    check,
    watchers.length === folders.length ? Math.max(pollMs, SLOW_POLL_MS) : pollMs,
  );
  timer.unref?.();
  return () => {
    clearInterval(timer);
    if (pending) clearTimeout(pending);
    for (const watcher of watchers) watcher.close();
  };
}
