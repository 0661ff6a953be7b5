import { expect, test } from "bun:test";
import { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { Feed } from "./feed.ts";
import { fixtureSnapshot, NOW, sampleSnapshot } from "./fixtures.ts";
import type { SnapshotSource } from "./sources.ts";
import { createDashStore } from "./store.ts";

/** A source the test drives by hand: each emit is one engine tick or reader poll. */
class HandSource implements SnapshotSource {
  readonly mode = "reading" as const;
  emit: (snapshot: Snapshot) => void = () => {};
  stopped = false;
  async start(onSnapshot: (snapshot: Snapshot) => void) {
    this.emit = onSnapshot;
  }
  async stop() {
    this.stopped = true;
  }
}

test("a snapshot that changes nothing visible does not touch the store; one that does, does", async () => {
  const store = createDashStore({ now: NOW });
  const feed = new Feed(store, new Tmux({ socketName: "taw-test-none" }));
  const source = new HandSource();
  await feed.attach(source);
  expect(store.getState().engine).toBe("reading");
  source.emit(sampleSnapshot());
  let writes = 0;
  const unsubscribe = store.subscribe(() => writes++);
  source.emit(sampleSnapshot());
  source.emit(sampleSnapshot());
  expect(writes).toBe(0);
  source.emit(fixtureSnapshot([{ agent: { kind: "claude", state: "blocked", stateSince: String(NOW) } }]));
  expect(writes).toBeGreaterThan(0);
  expect(store.getState().counts.blocked).toBe(1);
  unsubscribe();
  await feed.stop();
  expect(source.stopped).toBe(true);
});

test("a hosted engine that ends on its own is replaced by reading tmux's options", async () => {
  const store = createDashStore({ now: NOW });
  const feed = new Feed(store, new Tmux({ socketName: "taw-test-none" }));
  let end: () => void = () => {};
  const hosted: SnapshotSource = {
    mode: "hosting",
    finished: new Promise<void>((resolve) => {
      end = resolve;
    }),
    start: async () => {},
    stop: async () => {},
  };
  await feed.attach(hosted);
  expect(store.getState().engine).toBe("hosting");
  end();
  await Bun.sleep(10);
  expect(store.getState().engine).toBe("reading");
  await feed.stop();
});
