// Whether an enabled plugin has an [[events]] hook for an event on this machine: a verb that
// would do extra work for an event's listeners (created.ts) asks first.

import { runsHere } from "./manifest.ts";
import { readManifest, readRegistry } from "./registry.ts";

type Env = Record<string, string | undefined>;

export function pluginsListen(event: string, env: Env = process.env): boolean {
  return readRegistry(env)
    .filter((plugin) => plugin.enabled)
    .some((plugin) => {
      try {
        const manifest = readManifest(plugin.root);
        return manifest.events.some((hook) => hook.on === event && runsHere(manifest, hook));
      } catch {
        return false;
      }
    });
}
