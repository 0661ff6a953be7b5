// The enabled plugins' `[[startup]]` commands when an engine starts, and their `[[events]]`
// hooks for the engine's events under herdr's names and payloads (the same ones the socket's
// events.subscribe streams), each plugin through its own queue (queue.ts). The registry and
// manifests are read again when the registry file changes, so a link or an enable takes
// effect without a restart.

import { statSync } from "node:fs";
import { writeFileAtomic } from "../fs.ts";
import { dottedType, herdrEvent, type Subscription, treeEvents } from "../herdr/events.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { parseId } from "../tmux/ids.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { Announcement, Announcements } from "../watch/announcements.ts";
import type { EngineEvent } from "../watch/events.ts";
import { invocationContext } from "./context.ts";
import { type Manifest, runsHere } from "./manifest.ts";
import { PluginQueue } from "./queue.ts";
import { pluginStateDir, type Registered, readManifest, readRegistry, registryFile } from "./registry.ts";
import { runPluginCommand } from "./run.ts";

type Env = Record<string, string | undefined>;

interface Subscribable {
  subscribe(listener: (snapshot: Snapshot, events: EngineEvent[]) => void): () => unknown;
  /** What verbs beside the engine announce (a worktree made or removed). */
  readonly announcements?: Announcements;
}

interface Loaded {
  plugin: Registered;
  manifest: Manifest;
  queue: PluginQueue;
}

/** Where a plugin's dropped-run count is kept, for `taw plugin list`. */
export const droppedFile = (id: string, env: Env) => `${pluginStateDir(id, env)}/dropped`;

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
    pane?: string | (() => Promise<string | undefined>),
  ) =>
    one.queue.push(async () =>
      runPluginCommand(
        tmux,
        {
          plugin: one.plugin,
          kind,
          name,
          command,
          context: await invocationContext(
            tmux,
            typeof pane === "function" ? await pane() : pane,
            undefined,
            kind,
          ),
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

  const listening = () =>
    loaded.flatMap((one) =>
      one.manifest.events.filter((hook) => runsHere(one.manifest, hook)).map((hook) => ({ one, hook })),
    );
  let previous: Snapshot | undefined;
  const unsubscribe = engine.subscribe((snapshot, events) => {
    reload();
    const hooks = listening();
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
      const name = dottedType(String(payload.event));
      for (const { one, hook } of hooks)
        if (hook.on === name) run(one, "event", name, hook.command, payload, pane);
    }
  });
  // A worktree's events, from the verb that made them; the context is its workspace's.
  const unlisten = engine.announcements?.listen((announcement: Announcement) => {
    reload();
    const name = dottedType(announcement.event);
    const workspace = announcement.data.workspace as { workspace_id?: string } | undefined;
    const pane = () => activePaneOf(tmux, workspace?.workspace_id);
    for (const { one, hook } of listening())
      if (hook.on === name) run(one, "event", name, hook.command, announcement, pane);
  });
  // Stopped with the engine: nothing more starts, and what runs is ended.
  return () => {
    unsubscribe();
    unlisten?.();
    for (const queue of queues.values()) queue.clear();
    stopping.abort();
  };
}

/** The active pane of a workspace (`w3`), as tmux says now; undefined when it is gone. */
async function activePaneOf(tmux: Tmux, workspace: string | undefined): Promise<string | undefined> {
  const session = workspace ? parseId(workspace) : undefined;
  if (session?.kind !== "session") return undefined;
  const answer = await tmux.tryRun(["display-message", "-p", "-t", target(session.raw), "#{pane_id}"]);
  return answer.stdout?.trim() || undefined;
}
