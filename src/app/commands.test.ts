import { expect, test } from "bun:test";
import { Tmux } from "../tmux/client.ts";
import { handleKey } from "./App.tsx";
import type { ActionContext } from "./actions.ts";
import { NOW, sampleSnapshot } from "./fixtures.ts";
import { createDashStore, setSnapshot } from "./store.ts";

/** A dashboard's store on the sample server, its keys pressed as the App does; tmux is a
 * server nothing runs on, so a key that reached it would say so. */
function dashboard() {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, sampleSnapshot(), NOW);
  const ctx: ActionContext = { store, tmux: new Tmux({ socketName: "taw-test-none" }), quit: () => {} };
  const press = async (name: string, ctrl = false) => {
    handleKey(ctx, { name, sequence: ctrl ? "" : name, ctrl, meta: false, shift: false });
    await Bun.sleep(30); // actions load on first use
    return store.getState().message;
  };
  return { store, press };
}

test("R and Ctrl-R with nothing restored say there is nothing to resume", async () => {
  const { press } = dashboard();
  expect((await press("R"))?.text).toContain("no resume waiting");
  expect((await press("r", true))?.text).toContain("nothing to resume");
});

test("v where the preview is hidden says so, and switches nothing", async () => {
  const { store, press } = dashboard();
  store.setState({ previewShown: false });
  expect((await press("v"))?.text).toContain("no preview at this width");
  expect(store.getState().previewGrid).toBe(false);
  store.setState({ previewShown: true, message: undefined });
  await press("v");
  expect(store.getState().previewGrid).toBe(true);
});
