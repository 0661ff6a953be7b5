// The watchers sharded over a small pool of Bun Workers by pane id, so evaluating many
// screens never stalls the engine's loop. A pane always lands on the same worker, which
// keeps its state machine.

import type { Manifest } from "../detect/manifest.ts";
import { COMPILED } from "../runtime.ts";
import type { PaneResult, PaneTick, WatcherHost } from "./host.ts";
import type { WorkerRequest } from "./worker.ts";

/** One worker keeps screen evaluation off the engine's thread (the dashboard's UI thread when it
 * hosts the engine); bench/engine.ts found a second one buys nothing at 200 panes and costs ~10 MB. */
export const DEFAULT_WORKERS = 1;

/** worker.ts beside this file; in the compiled taw every module's URL is the program's,
 * and the worker is the entry src/compiled/build.ts lists, kept at its place below src/. */
const WORKER_URL = new URL(COMPILED ? "./watch/worker.ts" : "./worker.ts", import.meta.url).href;

interface Pending {
  resolve(results: PaneResult[]): void;
  reject(error: Error): void;
}

export class WorkerHost implements WatcherHost {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Workers that failed to load or crashed: each is started anew when next asked. */
  private readonly failed = new Set<number>();
  /** The last manifests sent, for a worker started anew. */
  private manifests: Manifest[] | undefined;
  private closed = false;

  constructor(
    count = DEFAULT_WORKERS,
    private readonly url = WORKER_URL,
  ) {
    this.workers = Array.from({ length: Math.max(1, count) }, (_, index) => this.start(index));
  }

  private start(index: number): Worker {
    const worker = new Worker(this.url);
    worker.onerror = (event) => {
      // A worker already replaced says nothing about its successor.
      if (this.workers[index] !== worker) return;
      // Its state machines went with it: the steps it owed fail, and the next starts over.
      this.failed.add(index);
      this.rejectAll(new Error(`watcher worker failed: ${event.message}`));
    };
    worker.onmessage = (event: MessageEvent<{ id: number; results?: PaneResult[]; error?: string }>) => {
      const waiting = this.pending.get(event.data.id);
      if (!waiting) return;
      this.pending.delete(event.data.id);
      if (event.data.error) waiting.reject(new Error(`watcher worker failed: ${event.data.error}`));
      else waiting.resolve(event.data.results ?? []);
    };
    if (this.manifests)
      worker.postMessage({ type: "manifests", manifests: this.manifests } satisfies WorkerRequest);
    return worker;
  }

  private shardOf(paneId: string): number {
    return (Number(paneId.slice(1)) || 0) % this.workers.length;
  }

  async step(ticks: PaneTick[]): Promise<PaneResult[]> {
    const shards: PaneTick[][] = this.workers.map(() => []);
    for (const tick of ticks) shards[this.shardOf(tick.paneId)]?.push(tick);
    const answers = await Promise.all(
      shards.map((shard, index) => (shard.length ? this.ask(index, shard) : Promise.resolve([]))),
    );
    return answers.flat();
  }

  private ask(index: number, ticks: PaneTick[]): Promise<PaneResult[]> {
    const id = this.nextId++;
    if (this.failed.delete(index) && !this.closed) {
      this.workers[index]?.terminate();
      this.workers[index] = this.start(index);
    }
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error("the watcher workers were stopped"));
      this.pending.set(id, { resolve, reject });
      this.workers[index]?.postMessage({ type: "step", id, ticks } satisfies WorkerRequest);
    });
  }

  forget(paneIds: string[]): void {
    for (const [index, worker] of this.workers.entries()) {
      const mine = paneIds.filter((id) => this.shardOf(id) === index);
      if (mine.length) worker.postMessage({ type: "forget", paneIds: mine } satisfies WorkerRequest);
    }
  }

  setManifests(manifests: Manifest[]): void {
    this.manifests = manifests;
    for (const worker of this.workers)
      worker.postMessage({ type: "manifests", manifests } satisfies WorkerRequest);
  }

  private rejectAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  close(): void {
    this.closed = true;
    for (const worker of this.workers) worker.terminate();
    this.rejectAll(new Error("the watcher workers were stopped"));
  }
}
