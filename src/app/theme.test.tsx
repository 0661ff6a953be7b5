import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testRender } from "@opentui/react/test-utils";
import { act } from "react";
import { parseConfig } from "../config/load.ts";
import { Tmux } from "../tmux/client.ts";
import { App } from "./App.tsx";
import { NOW, sampleSnapshot } from "./fixtures.ts";
import { createDashStore, type DashStore, setSnapshot } from "./store.ts";
import { themeFrom } from "./theme.ts";
import { followUiConfig } from "./ui-config.ts";

type Setup = Awaited<ReturnType<typeof testRender>>;
let setup: Setup | undefined;
const dirs: string[] = [];
afterEach(() => {
  act(() => setup?.renderer.destroy());
  setup = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function themeOf(toml: string) {
  const { config, problems } = parseConfig(toml);
  expect(problems).toEqual([]);
  return themeFrom(config.ui);
}

async function render(store: DashStore) {
  const ctx = { store, tmux: new Tmux({ socketName: "taw-test-none" }), quit: () => {} };
  setSnapshot(store, sampleSnapshot(), NOW);
  setup = await testRender(<App ctx={ctx} />, { width: 120, height: 20, kittyKeyboard: true });
  await setup.renderOnce();
  return setup;
}

/** The agent row naming `label`, from the frame (the frames' title lines name it too). */
const rowOf = (frame: string, label: string) =>
  frame.split("\n").find((line) => line.includes(label) && !line.includes("Agents")) ?? "";

test("a glyph set in [ui.glyphs] marks that state's rows and its count; its colour paints the glyph", async () => {
  const theme = themeOf('[ui.glyphs]\nblocked = "B"\n[ui.colors]\nblocked = "#123456"\n');
  const t = await render(createDashStore({ engine: "reading", now: NOW, theme }));
  const frame = t.captureCharFrame();
  expect(rowOf(frame, "codex")).toContain("│B codex");
  expect(frame).toContain("B 1 blocked");
  expect(frame).not.toContain("⏸");
  const glyph = t
    .captureSpans()
    .lines.flatMap((line) => line.spans)
    .find((span) => span.text.startsWith("B "));
  expect(glyph?.fg.toInts().slice(0, 3)).toEqual([0x12, 0x34, 0x56]);
});

test("ascii mode draws ASCII glyphs, frames and separators, and no line-drawing symbol", async () => {
  const t = await render(
    createDashStore({ engine: "reading", now: NOW, theme: themeOf("[ui]\nascii = true\n") }),
  );
  const frame = t.captureCharFrame();
  expect(rowOf(frame, "codex")).toContain("|! codex");
  expect(rowOf(frame, "api")).toContain("|> api");
  expect(frame).toContain("+- Agents");
  expect(frame).not.toMatch(/[⏸⏵✓·│─╭╮╰╯]/);
});

test("the running dashboard follows config.toml: read after start, re-read when it changes", async () => {
  const home = mkdtempSync(join(tmpdir(), "taw-ui-"));
  dirs.push(home);
  const file = join(home, "taw", "config.toml");
  await Bun.write(file, '[ui.glyphs]\nworking = "W"\n');
  const store = createDashStore({ engine: "reading", now: NOW });
  const t = await render(store);
  expect(rowOf(t.captureCharFrame(), "api")).toContain("⏵ api");
  let stop = () => {};
  await act(async () => {
    stop = await followUiConfig(store, { XDG_CONFIG_HOME: home });
  });
  await t.renderOnce();
  expect(rowOf(t.captureCharFrame(), "api")).toContain("W api");
  // A different size: the watcher compares size and mtime, and mtime may not move within a tick.
  writeFileSync(file, "[ui]\nascii = true\n\n");
  const deadline = Date.now() + 5000;
  while (!rowOf(t.captureCharFrame(), "api").includes("> api") && Date.now() < deadline) {
    await Bun.sleep(100);
    await t.renderOnce();
  }
  stop();
  expect(rowOf(t.captureCharFrame(), "api")).toContain("> api");
});

test("a config.toml problem shows in the message line with its line, and goes when the file is fixed", async () => {
  const home = mkdtempSync(join(tmpdir(), "taw-ui-"));
  dirs.push(home);
  const file = join(home, "config.toml");
  await Bun.write(file, "# mine\n[ui]\ncolour = 1\n");
  const store = createDashStore({ engine: "reading", now: NOW });
  const t = await render(store);
  let stop = () => {};
  await act(async () => {
    stop = await followUiConfig(store, { TAW_CONFIG_DIR: home });
  });
  await t.renderOnce();
  const lastLine = () => t.captureCharFrame().trimEnd().split("\n").at(-1) ?? "";
  expect(lastLine()).toContain(`${file}:3: unknown key`);
  const waitFor = async (check: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!check() && Date.now() < deadline) {
      // The watcher's timer updates the store: let React take it inside act.
      await act(() => Bun.sleep(100));
      await t.renderOnce();
    }
  };
  // Sizes differ at each step: the watcher compares size and mtime.
  writeFileSync(file, "# mine\n[ui]\nascii = true\n");
  await waitFor(() => !lastLine().includes("config.toml"));
  expect(lastLine()).not.toContain("config.toml");
  writeFileSync(file, "# mine\n[ui\n");
  await waitFor(() => lastLine().includes("config.toml"));
  stop();
  expect(lastLine()).toContain(`${file}:2: not valid TOML`);
});
