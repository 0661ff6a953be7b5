// Hanging notifications, `[hooks]` and the status token's format off an engine, with
// config.toml reloaded when it changes: the one call `taw engine` (or an in-process engine)
// makes, so one watcher serves them all.

import type { Config } from "../config/types.ts";
import { ConfigWatcher } from "../config/watch.ts";
import { createHookRunner } from "../hooks/index.ts";
import type { Tmux } from "../tmux/client.ts";
import { createNotifier } from "./index.ts";
import type { TransitionEvent } from "./types.ts";

interface Subscribable<S, E extends TransitionEvent> {
  subscribe(listener: (snapshot: S, events: E[]) => void): () => unknown;
  /** Takes `[status]` as it changes (the engine's rail). */
  setStatus?(status: Config["status"]): void;
}

/** Subscribe the notifier and the hook runner; returns the function that detaches both. */
export function attachNotifications<S, E extends TransitionEvent>(
  engine: Subscribable<S, E>,
  tmux: Tmux,
  env: Record<string, string | undefined> = process.env,
  log: (message: string) => void = () => {},
): () => void {
  const watcher = new ConfigWatcher((loaded) => {
    notifier.setConfig(loaded.config);
    hooks.setConfig(loaded.config);
    engine.setStatus?.(loaded.config.status);
    log(`config reloaded from ${loaded.path} (${loaded.problems.length} problem(s))`);
  }, env);
  const hooks = createHookRunner(watcher.current.config, { env, tmux });
  const notifier = createNotifier(watcher.current.config, tmux, {
    log,
    onDelivered: (text, items) => hooks.onNotification(text, items),
  });
  watcher.start();
  const unsubscribe = engine.subscribe((snapshot, events) => {
    notifier.onEvents(snapshot, events);
    hooks.onEvents(snapshot, events);
  });
  return () => {
    unsubscribe();
    watcher.stop();
    notifier.dispose();
  };
}
