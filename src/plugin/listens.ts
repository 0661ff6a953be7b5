// The events the enabled plugins have [[events]] hooks for on this machine: a verb that would
// do extra work for an event's listeners (src/herdr/created.ts) asks first.

import { runsHere } from "./manifest.ts";
import { readManifest, readRegistry } from "./registry.ts";

type Env = Record<string, string | undefined>;

export function pluginEvents(env: Env = process.env): Set<string> {
  const events = new Set<string>();
  for (const plugin of readRegistry(env).filter((p) => p.enabled)) {
    try {
      const manifest = readManifest(plugin.root);
      for (const hook of manifest.events) if (runsHere(manifest, hook)) events.add(hook.on);
    } catch {
      // A plugin that cannot be read listens for nothing (the engine logs why).
    }
  }
  return events;
}
