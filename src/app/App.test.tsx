import { afterEach, expect, test } from "bun:test";
import { testRender } from "@opentui/react/test-utils";
import { act } from "react";
import { Tmux } from "../tmux/client.ts";
import { App } from "./App.tsx";
import type { ActionContext } from "./actions.ts";
import { NOW, sampleSnapshot } from "./fixtures.ts";
import { createDashStore, setSnapshot } from "./store.ts";

let setup: Awaited<ReturnType<typeof testRender>> | undefined;
afterEach(() => {
  act(() => setup?.renderer.destroy());
  setup = undefined;
});

async function renderDash(width = 120, height = 30) {
  const store = createDashStore({ socket: "/tmp/tmux-test/x", engine: "reading", now: NOW });
  let quits = 0;
  const ctx: ActionContext = {
    store,
    tmux: new Tmux({ socketName: "taw-never-started" }),
    quit: () => quits++,
  };
  setSnapshot(store, sampleSnapshot(), NOW);
  setup = await testRender(<App ctx={ctx} />, { width, height, kittyKeyboard: true });
  await setup.renderOnce();
  return { store, setup, quits: () => quits };
}

test("the agents view lists agents by who needs you", async () => {
  const { setup } = await renderDash();
  const frame = setup.captureCharFrame();
  console.log(frame);
  expect(frame).toContain("Agents");
});
