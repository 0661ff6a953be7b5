// A Bun Worker hosting the watchers of a shard of panes: the state machines and the
// manifest evaluation of their screens, off the engine's thread.

import { loadManifests, type Manifest } from "../detect/manifest.ts";
import { LocalHost, type PaneTick } from "./host.ts";

export type WorkerRequest =
  | { type: "step"; id: number; ticks: PaneTick[] }
  | { type: "forget"; paneIds: string[] }
  | { type: "manifests"; manifests: Manifest[] };

declare const self: Worker;

const host = new LocalHost(loadManifests());

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === "forget") {
    host.forget(request.paneIds);
    return;
  }
  if (request.type === "manifests") {
    host.setManifests(request.manifests);
    return;
  }
  try {
    self.postMessage({ id: request.id, results: host.stepSync(request.ticks) });
  } catch (error) {
    self.postMessage({ id: request.id, error: String((error as Error)?.stack ?? error) });
  }
};
