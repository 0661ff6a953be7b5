import { afterEach, expect, test } from "bun:test";
import { testRender } from "@opentui/react/test-utils";
import { act } from "react";
import { Tmux } from "../tmux/client.ts";
import { App } from "./App.tsx";
import type { ActionContext } from "./actions.ts";
import { NOW, sampleSnapshot } from "./fixtures.ts";
import { host, record } from "./remote-fixtures.ts";
import { createDashStore, setHosts, setSnapshot, switchView } from "./store.ts";

type Setup = Awaited<ReturnType<typeof testRender>>;
let setup: Setup | undefined;
afterEach(() => {
  act(() => setup?.renderer.destroy());
  setup = undefined;
});

/** The App with the sample server, host `box` answering and host `gpu` away for 2 minutes,
 * its agent last read 40 s ago. */
async function renderHosts() {
  const store = createDashStore({ socket: "/tmp/tmux-test/x", engine: "reading", now: NOW });
  const ctx: ActionContext = {
    store,
    tmux: new Tmux({ socketName: "taw-test-none" }),
    quit: () => undefined,
  };
  setSnapshot(store, sampleSnapshot(), NOW);
  setHosts(store, [
    host("box", [record("%3", { kind: "claude", name: "api", state: "working", state_since: NOW - 60 })]),
    host("gpu", [record("%7", { kind: "codex", state: "idle", state_since: NOW - 300 }, "train")], {
      state: "unreachable",
      since: (NOW - 120) * 1000,
      reason: "ssh: connect to host gpu port 22: Connection refused",
      current: false,
      readAt: (NOW - 40) * 1000,
    }),
  ]);
  const t = await testRender(<App ctx={ctx} />, { width: 160, height: 30, kittyKeyboard: true });
  setup = t;
  await t.renderOnce();
  return { store, t };
}

test("the header names each host and its state; remote rows say their host; a stale one says since when", async () => {
  const { t } = await renderHosts();
  const frame = t.captureCharFrame();
  expect(frame).toContain("box ok · gpu unreachable 2m");
  const lines = frame.split("\n");
  const api = lines.find((line) => line.includes("api @box")) ?? "";
  expect(api).toContain("dev:0");
  expect(api).not.toContain("stale");
  const codex = lines.find((line) => line.includes("codex @gpu")) ?? "";
  expect(codex).toContain("stale 40s ·");
});

test("the Tree groups the hosts after this server, each with its sessions and agents", async () => {
  const { store, t } = await renderHosts();
  act(() => switchView(store));
  await t.renderOnce();
  const frame = t.captureCharFrame();
  const at = (text: string) => frame.indexOf(text);
  expect(at("local")).toBeGreaterThan(-1);
  expect(at("@box · ok")).toBeGreaterThan(at("local"));
  expect(at("api @box")).toBeGreaterThan(at("@box · ok"));
  expect(at("@gpu · unreachable")).toBeGreaterThan(at("api @box"));
  expect(at("codex @gpu")).toBeGreaterThan(at("@gpu · unreachable"));
});
