import { afterEach, expect, test } from "bun:test";
import { fixtureSnapshot, NOW } from "./fixtures.ts";
import { HostsFeed } from "./hosts-feed.ts";
import { FakeLink, record } from "./remote-fixtures.ts";
import { createDashStore, setSnapshot } from "./store.ts";

const feeds: HostsFeed[] = [];
afterEach(() => {
  for (const feed of feeds.splice(0)) feed.stop();
});

function setup(...links: FakeLink[]) {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, fixtureSnapshot([{ agent: { kind: "claude", state: "idle" } }]), NOW);
  let clock = NOW * 1000;
  const feed = new HostsFeed(
    store,
    links.map((link) => ({ name: link.name, link })),
    () => clock,
  );
  feeds.push(feed);
  feed.start();
  return { store, feed, tick: (ms: number) => (clock += ms) };
}

const settle = () => Bun.sleep(5);
const remoteRows = (store: ReturnType<typeof setup>["store"]) =>
  store.getState().allAgents.filter((row) => row.host);

test("each hello is followed by a watch; its answer and its events become the host's rows", async () => {
  const box = new FakeLink("box");
  box.answer = async () => ({ agents: [record("%3", { kind: "claude", state: "working" })] });
  const { store } = setup(box);
  expect(store.getState().hosts.map((host) => host.state)).toEqual(["connecting"]);
  box.become({ state: "ok", taw: "1.0" });
  await settle();
  expect(box.asked.map((a) => a.method)).toEqual(["agent.watch"]);
  expect(remoteRows(store).map((row) => `${row.label} ${row.state}`)).toEqual(["claude @box working"]);
  box.emit({ event: "agents", agents: [record("%3", { kind: "claude", state: "blocked" })] });
  expect(remoteRows(store).map((row) => row.state)).toEqual(["blocked"]);
  // The records' host is the host's name, whatever the far end wrote.
  expect(store.getState().hosts[0]?.agents[0]?.host).toBe("box");
});

test("a host that goes away keeps its rows, stale since it was last current; back, it is read fresh", async () => {
  const box = new FakeLink("box");
  box.answer = async () => ({ agents: [record("%3", { kind: "claude", state: "working" })] });
  const { store, tick } = setup(box);
  box.become({ state: "ok", taw: "1.0" });
  await settle();
  tick(5000);
  const lost = NOW * 1000 + 5000;
  box.become({ state: "unreachable", since: lost, reason: "ssh: connection closed" });
  expect(store.getState().hosts[0]).toMatchObject({ state: "unreachable", reason: "ssh: connection closed" });
  expect(remoteRows(store).map((row) => row.stale)).toEqual([lost]);
  // Reconnected: stale until the new watch answers, then fresh with what it says.
  box.answer = async () => ({ agents: [record("%3", { kind: "claude", state: "done" })] });
  let answer: (value: unknown) => void = () => undefined;
  box.answer = () => new Promise((resolve) => (answer = resolve));
  box.become({ state: "ok", taw: "1.0" });
  expect(remoteRows(store)[0]?.stale).toBe(lost);
  answer({ agents: [record("%3", { kind: "claude", state: "done" })] });
  await settle();
  expect(remoteRows(store).map((row) => [row.state, row.stale])).toEqual([["done", undefined]]);
  expect(box.asked.filter((a) => a.method === "agent.watch")).toHaveLength(2);
});

test("a host that answers but cannot read its server is unreachable, and its watch is tried again", async () => {
  const box = new FakeLink("box");
  box.answer = async () => {
    throw new Error("no tmux server");
  };
  const { store } = setup(box);
  box.become({ state: "ok", taw: "1.0" });
  await settle();
  expect(store.getState().hosts[0]).toMatchObject({ state: "unreachable", reason: "no tmux server" });
  box.answer = async () => ({ agents: [record("%3", { kind: "claude", state: "idle" })] });
  await Bun.sleep(1100);
  expect(store.getState().hosts[0]?.state).toBe("ok");
  expect(remoteRows(store).map((row) => row.stale)).toEqual([undefined]);
});

test("a host whose table is wrong is listed unreachable with why, and nothing is started for it", () => {
  const store = createDashStore({ now: NOW });
  const feed = new HostsFeed(store, [{ name: "bad", problem: "[hosts.bad] sets neither ssh nor socket" }]);
  feeds.push(feed);
  feed.start();
  expect(store.getState().hosts[0]).toMatchObject({ name: "bad", state: "unreachable" });
  expect(feed.link("bad")).toBeUndefined();
  expect(store.getState().message).toMatchObject({
    text: "[hosts.bad] sets neither ssh nor socket",
    error: true,
  });
});

test("stop closes every connection and stops listening", async () => {
  const box = new FakeLink("box");
  const { store, feed } = setup(box);
  feed.stop();
  expect(box.closed).toBe(true);
  box.emit({ event: "agents", agents: [record("%3", { kind: "claude", state: "working" })] });
  expect(remoteRows(store)).toHaveLength(0);
});

test("the clock moves only while a host is away, when its labels would change", async () => {
  const box = new FakeLink("box");
  box.answer = async () => ({ agents: [record("%3", { kind: "claude", state: "idle" })] });
  const store = createDashStore({ now: 0 });
  const feed = new HostsFeed(store, [{ name: "box", link: box }]);
  feeds.push(feed);
  feed.start();
  box.become({ state: "ok", taw: "1.0" });
  await Bun.sleep(1200);
  // Current: nothing ticks.
  expect(store.getState().now).toBe(0);
  box.become({ state: "unreachable", since: Date.now(), reason: "gone" });
  await Bun.sleep(1200);
  expect(store.getState().now).toBeGreaterThan(0);
});
