// The enabled plugins' `[[startup]]` commands when an engine starts, and their `[[events]]`
// hooks for the engine's events under herdr's names and payloads (the same ones the socket's
// events.subscribe streams), each plugin through its own queue (queue.ts). The registry and
// manifests are read again when the registry file changes, so a link or an enable takes
// effect without a restart.

import { statSync } from "node:fs";
import { writeFileAtomic } from "../fs.ts";
import { herdrEvent, type Subscription, treeEvents } from "../herdr/events.ts";
import type { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { EngineEvent } from "../watch/events.ts";
import { invocationContext } from "./context.ts";
import { type Manifest, runsHere } from "./manifest.ts";
import { PluginQueue } from "./queue.ts";
import { pluginStateDir, type Registered, readManifest, readRegistry, registryFile } from "./registry.ts";
import { runPluginCommand } from "./run.ts";

type Env = Record<string, string | undefined>;

interface Subscribable {
  subscribe(listener: (snapshot: Snapshot, events: EngineEvent[]) => void): () => unknown;
}

interface Loaded {
  plugin: Registered;
  manifest: Manifest;
  queue: PluginQueue;
}

/** Where a plugin's dropped-run count is kept, for `taw plugin list`. */
export const droppedFile = (id: string, env: Env) => `${pluginStateDir(id, env)}/dropped`;

/** herdr's dotted event name of a payload's `event` (`pane_created` → `pane.created`). */
const dotted = (name: string) => (name.includes(".") ? name : name.replace("_", "."));

export function attachPlugins(
  engine: Subscribable,
  tmux: Tmux,
  env: Env = process.env,
  log: (message: string) => void = () => {},
): () => void {
  let loaded: Loaded[] = [];
  const stopping = new AbortController();
  let stamp = -1;
  const queues = new Map<string, PluginQueue>();
  const queueOf = (id: string) => {
    let queue = queues.get(id);
    if (!queue) {
      queue = new PluginQueue((dropped) => {
        log(`plugin ${id}: its event backlog was full, ${dropped} run(s) dropped so far`);
        writeFileAtomic(droppedFile(id, env), `${dropped}\n`);
      });
      queues.set(id, queue);
    }
    return queue;
  };
  const reload = () => {
    const now = (() => {
      try {
        return statSync(registryFile(env)).mtimeMs;
      } catch {
        return 0;
      }
    })();
    if (now === stamp) return;
    stamp = now;
    loaded = [];
    for (const plugin of readRegistry(env).filter((p) => p.enabled)) {
      try {
        loaded.push({ plugin, manifest: readManifest(plugin.root), queue: queueOf(plugin.id) });
      } catch (error) {
        log(`plugin ${plugin.id} not loaded: ${(error as Error).message}`);
      }
    }
  };
  const run = (
    one: Loaded,
    kind: "startup" | "event",
    name: string,
    command: string[],
    event?: unknown,
    pane?: string,
  ) =>
    one.queue.push(async () =>
      runPluginCommand(
        tmux,
        {
          plugin: one.plugin,
          kind,
          name,
          command,
          context: await invocationContext(tmux, pane, undefined, kind),
          signal: stopping.signal,
          vars: {
            HERDR_PLUGIN_EVENT: name,
            ...(event === undefined ? {} : { HERDR_PLUGIN_EVENT_JSON: JSON.stringify(event) }),
          },
        },
        env,
      ),
    );

  reload();
  for (const one of loaded)
    for (const entry of one.manifest.startup.filter((e) => runsHere(one.manifest, e)))
      run(one, "startup", "startup", entry.command);

  let previous: Snapshot | undefined;
  const unsubscribe = engine.subscribe((snapshot, events) => {
    reload();
    const hooks = loaded.flatMap((one) =>
      one.manifest.events.filter((hook) => runsHere(one.manifest, hook)).map((hook) => ({ one, hook })),
    );
    const before = previous;
    previous = snapshot;
    if (hooks.length === 0) return;
    const subs: Subscription[] = [...new Set(hooks.map(({ hook }) => hook.on))].map((type) => ({ type }));
    const payloads: { payload: Record<string, unknown>; pane?: string }[] = [];
    for (const event of events) {
      const payload = herdrEvent(event, snapshot, subs);
      if (payload) payloads.push({ payload, pane: event.kind === "pane.closed" ? undefined : event.tmux_id });
    }
    if (before) for (const payload of treeEvents(before, snapshot, subs)) payloads.push({ payload });
    for (const { payload, pane } of payloads) {
      const name = dotted(String(payload.event));
      for (const { one, hook } of hooks)
        if (hook.on === name) run(one, "event", name, hook.command, payload, pane);
    }
  });
  // Stopped with the engine: nothing more starts, and what runs is ended.
  return () => {
    unsubscribe();
    for (const queue of queues.values()) queue.clear();
    stopping.abort();
  };
}
