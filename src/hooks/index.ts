// The hook runner: for each engine transition, the `[hooks]` command of each event it fires,
// run in the background (the engine never waits on a hook), each result logged.
//
// Wiring (one line in the engine): `const hooks = createHookRunner(config);
// engine.subscribe((snapshot, events) => hooks.onEvents(snapshot, events));`

import type { Config } from "../config/types.ts";
import type { TransitionEvent } from "../notify/types.ts";
import { hookEnv, hookEventsFor, hookPayload } from "./events.ts";
import { type HookResult, logResult, runHook } from "./run.ts";
import { createdBetween, type TreeEvent, type TreeSnapshot } from "./tree.ts";

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

/** A workspace.created or tab.created hook, told of it as JSON and TAW_* variables. */
async function runTreeHook(config: Config, created: TreeEvent, env: Record<string, string | undefined>) {
  const command = config.hooks.events[created.event];
  if (!command) return [];
  const vars: Record<string, string> = {
    TAW_EVENT: created.event,
    TAW_WORKSPACE_ID: created.workspace_id,
    TAW_WORKSPACE_NAME: created.workspace_name,
    TAW_TAB_ID: created.tab_id ?? "",
    TAW_TAB_NAME: created.tab_name ?? "",
  };
  const result = await runHook(
    created.event,
    command,
    vars,
    JSON.stringify(created),
    config.hooks.timeout_seconds,
  );
  logResult(result, env);
  return [result];
}

export function createHookRunner(config: Config, options: HookRunnerOptions = {}): HookRunner {
  let current = config;
  const running = new Set<Promise<HookResult[]>>();
  const track = (run: Promise<HookResult[]>) => {
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  let previous: TreeSnapshot | undefined;
  return {
    onEvents(snapshot, events) {
      for (const event of events) track(runHooksFor(current, event, options.env));
      // Sessions and windows that came since the last snapshot, when a hook listens for them.
      const tree = snapshot as TreeSnapshot | undefined;
      const listens = current.hooks.events["workspace.created"] || current.hooks.events["tab.created"];
      if (previous && tree?.sessions && listens)
        for (const created of createdBetween(previous, tree))
          track(runTreeHook(current, created, options.env ?? process.env));
      if (tree?.sessions) previous = tree;
    },
    setConfig(config) {
      current = config;
    },
    async idle() {
      return (await Promise.all([...running])).flat();
    },
  };
}
