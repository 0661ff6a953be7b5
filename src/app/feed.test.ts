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

/** A source that ends when the test says: its engine lost its claim, stopped or died. */
function endingSource(mode: "hosting" | "reading") {
  let end: () => void = () => {};
  const source: SnapshotSource = {
    mode,
    finished: new Promise<void>((resolve) => {
      end = resolve;
    }),
    start: async () => {},
    stop: async () => {},
  };
  return { source, end: () => end() };
}

test("a hosted engine that ends on its own is replaced by whatever the server has now", async () => {
  const store = createDashStore({ now: NOW });
  const chosen = new HandSource();
  const feed = new Feed(store, new Tmux({ socketName: "taw-test-none" }), async () => chosen);
  const hosted = endingSource("hosting");
  await feed.attach(hosted.source);
  expect(store.getState().engine).toBe("hosting");
  hosted.end();
  await Bun.sleep(10);
  expect(store.getState().engine).toBe("reading");
  await feed.stop();
  expect(chosen.stopped).toBe(true);
});

test("a read engine that goes away is taken over: the dashboard hosts it", async () => {
  const store = createDashStore({ now: NOW });
  let release: (source: SnapshotSource) => void = () => {};
  const choice = new Promise<SnapshotSource>((resolve) => {
    release = resolve;
  });
  const feed = new Feed(store, new Tmux({ socketName: "taw-test-none" }), () => choice);
  const read = endingSource("reading");
  await feed.attach(read.source);
  read.end();
  await Bun.sleep(10);
  // Between the engine's end and the takeover nobody keeps the states current.
  expect(store.getState().engine).toBe("off");
  release(endingSource("hosting").source);
  await Bun.sleep(10);
  expect(store.getState().engine).toBe("hosting");
  await feed.stop();
});

test("a takeover that fails says so and leaves the header at off", async () => {
  const store = createDashStore({ now: NOW });
  const feed = new Feed(store, new Tmux({ socketName: "taw-test-none" }), async () => {
    throw new Error("claim failed");
  });
  const read = endingSource("reading");
  await feed.attach(read.source);
  read.end();
  await Bun.sleep(10);
  expect(store.getState().engine).toBe("off");
  expect(store.getState().message?.text).toContain("claim failed");
  await feed.stop();
});
