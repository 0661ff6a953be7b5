// The hook runner: for each engine transition, the `[hooks]` command of each event it fires,
// run in the background (the engine never waits on a hook), each result logged.
//
// Wiring (one line in the engine): `const hooks = createHookRunner(config);
// engine.subscribe((snapshot, events) => hooks.onEvents(snapshot, events));`

import type { Config } from "../config/types.ts";
import type { NoticeItem, TransitionEvent } from "../notify/types.ts";
import type { Tmux } from "../tmux/client.ts";
import { tmuxEnvironment } from "./environment.ts";
import { hookEnv, hookEventsFor, hookPayload } from "./events.ts";
import { type HookResult, logResult, runHook } from "./run.ts";
import { createdBetween, type TreeEvent, type TreeSnapshot } from "./tree.ts";

export interface HookRunner {
  onEvents(snapshot: unknown, events: readonly TransitionEvent[]): void;
  /** A notification was delivered: the `notification` hook is told its text and panes. */
  onNotification(text: string, items: readonly NoticeItem[]): void;
  setConfig(config: Config): void;
  /** Resolves when every hook started so far has ended. */
  idle(): Promise<HookResult[]>;
}

export interface HookRunnerOptions {
  env?: Record<string, string | undefined>;
  /** The server the events are about: its environment reaches the hooks. */
  tmux?: Tmux;
}

/** Run the configured hooks for one event now; resolves with their results. */
export async function runHooksFor(
  config: Config,
  event: TransitionEvent,
  env: Record<string, string | undefined> = process.env,
  tmux?: Tmux,
): Promise<HookResult[]> {
  const names = hookEventsFor(event).filter((name) => config.hooks.events[name]);
  if (names.length === 0) return [];
  // tmux's environment, and the pane's session's, under the hook's own TAW_* variables.
  const fromTmux = tmux ? await tmuxEnvironment(tmux, event.tmux_id) : {};
  const runs = names.flatMap((name) => {
    const command = config.hooks.events[name];
    if (!command) return [];
    return [
      runHook(
        name,
        command,
        { ...fromTmux, ...hookEnv(name, event) },
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
async function runTreeHook(
  config: Config,
  created: TreeEvent,
  env: Record<string, string | undefined>,
  tmux?: Tmux,
) {
  const command = config.hooks.events[created.event];
  if (!command) return [];
  const vars: Record<string, string> = {
    ...(tmux ? await tmuxEnvironment(tmux) : {}),
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
      for (const event of events) track(runHooksFor(current, event, options.env, options.tmux));
      // Sessions and windows that came since the last snapshot, when a hook listens for them.
      const tree = snapshot as TreeSnapshot | undefined;
      const listens = current.hooks.events["workspace.created"] || current.hooks.events["tab.created"];
      if (previous && tree?.sessions && listens)
        for (const created of createdBetween(previous, tree))
          track(runTreeHook(current, created, options.env ?? process.env, options.tmux));
      if (tree?.sessions) previous = tree;
    },
    onNotification(text, items) {
      const command = current.hooks.events.notification;
      if (!command) return;
      const panes = items.map((item) => ({
        pane: item.pane.id,
        state: item.state,
        agent: item.pane.kind,
        name: item.pane.name,
      }));
      const run = (async () => {
        const vars = {
          ...(options.tmux ? await tmuxEnvironment(options.tmux) : {}),
          TAW_EVENT: "notification",
          TAW_TEXT: text,
        };
        const payload = JSON.stringify({ event: "notification", text, panes });
        const result = await runHook("notification", command, vars, payload, current.hooks.timeout_seconds);
        logResult(result, options.env ?? process.env);
        return [result];
      })();
      track(run);
    },
    setConfig(config) {
      current = config;
    },
    async idle() {
      return (await Promise.all([...running])).flat();
    },
  };
}
