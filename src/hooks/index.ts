// The hook runner: for each engine transition, the `[hooks]` command of each event it fires,
// run in the background (the engine never waits on a hook), each result logged.
//
// Wiring (one line in the engine): `const hooks = createHookRunner(config);
// engine.subscribe((snapshot, events) => hooks.onEvents(snapshot, events));`

import type { Config } from "../config/types.ts";
import type { TransitionEvent } from "../notify/types.ts";
import { hookEnv, hookEventsFor, hookPayload } from "./events.ts";
import { type HookResult, logResult, runHook } from "./run.ts";

export interface HookRunner {
  onEvents(snapshot: unknown, events: readonly TransitionEvent[]): void;
  setConfig(config: Config): void;
  /** Resolves when every hook started so far has ended. */
  idle(): Promise<HookResult[]>;
}

export interface HookRunnerOptions {
  env?: Record<string, string | undefined>;
}

/** Run the configured hooks for one event now; resolves with their results. */
export async function runHooksFor(
  config: Config,
  event: TransitionEvent,
  env: Record<string, string | undefined> = process.env,
): Promise<HookResult[]> {
  const runs = hookEventsFor(event).flatMap((name) => {
    const command = config.hooks.events[name];
    if (!command) return [];
    return [
      runHook(
        name,
        command,
        hookEnv(name, event),
        hookPayload(name, event),
        config.hooks.timeout_seconds,
      ).then((result) => {
        logResult(result, env);
        return result;
      }),
    ];
  });
  return Promise.all(runs);
}

export function createHookRunner(config: Config, options: HookRunnerOptions = {}): HookRunner {
  let current = config;
  const running = new Set<Promise<HookResult[]>>();
  return {
    onEvents(_snapshot, events) {
      for (const event of events) {
        const run = runHooksFor(current, event, options.env);
        running.add(run);
        void run.finally(() => running.delete(run));
      }
    },
    setConfig(config) {
      current = config;
    },
    async idle() {
      return (await Promise.all([...running])).flat();
    },
  };
}
