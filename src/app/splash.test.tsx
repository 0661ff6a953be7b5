import { afterEach, expect, test } from "bun:test";
import { testRender } from "@opentui/react/test-utils";
import { act } from "react";
import { parseConfig } from "../config/load.ts";
import { Tmux } from "../tmux/client.ts";
import { App } from "./App.tsx";
import { NOW, sampleSnapshot } from "./fixtures.ts";
import { layoutFor } from "./layout.ts";
import { splashText } from "./splash.ts";
import { createDashStore, setSnapshot } from "./store.ts";
import { themeFrom } from "./theme.ts";

type Setup = Awaited<ReturnType<typeof testRender>>;
let setup: Setup | undefined;
afterEach(() => {
  act(() => setup?.renderer.destroy());
  setup = undefined;
});

const WIDTH = 120;
const HEIGHT = 20;

/** What a terminal shows after `text`: lines placed by `CSI row;1H`, other sequences dropped. */
function screenOf(text: string): string[] {
  const lines: string[] = [];
  let row = -1;
  for (const part of text.split("\u001b[")) {
    const code = /^[0-9;?]*[A-Za-z]/.exec(part)?.[0] ?? "";
    const place = /^(\d+);1H$/.exec(code);
    if (place) row = Number(place[1]) - 1;
    if (row >= 0) lines[row] = (lines[row] ?? "") + part.slice(code.length);
  }
  return lines;
}

test("the splash shows the header and the Agents rows exactly where the dashboard's first frame draws them", async () => {
  const snapshot = sampleSnapshot();
  // Glyphs one cell wide everywhere: OpenTUI draws some of the default symbols two cells wide.
  const theme = themeFrom(
    parseConfig('[ui.glyphs]\nblocked = "B"\nworking = "W"\ndone = "D"\nidle = "I"\n').config.ui,
  );
  const socket = "/tmp/tmux-test/x";
  const splash = screenOf(
    splashText(snapshot, { width: WIDTH, height: HEIGHT, socket, popup: true, now: NOW }, theme),
  );
  const store = createDashStore({ socket, popup: true, now: NOW, theme });
  setSnapshot(store, snapshot, NOW);
  const ctx = { store, tmux: new Tmux({ socketName: "taw-test-none" }), quit: () => {} };
  setup = await testRender(<App ctx={ctx} />, { width: WIDTH, height: HEIGHT, kittyKeyboard: true });
  await setup.renderOnce();
  const frame = setup.captureCharFrame().split("\n");
  const { listWidth, listRows } = layoutFor(WIDTH, HEIGHT);
  expect(splash.length).toBe(listRows + 3);
  // The header's padding is its background; OpenTUI counts "…" (engine starting) two cells.
  expect(splash[0]?.trimEnd()).toBe(frame[0]?.trimEnd());
  for (let row = 1; row < splash.length; row++) {
    expect(splash[row]).toBe(
      Array.from(frame[row] ?? "")
        .slice(0, listWidth)
        .join(""),
    );
  }
  expect(splash.join("\n")).toContain("B codex");
});

test("a terminal too small for the list still gets a splash, not an error", () => {
  const lines = screenOf(
    splashText(sampleSnapshot(), { width: 1, height: 1, socket: "", popup: false, now: NOW }),
  );
  expect(lines.length).toBeGreaterThan(0);
});
