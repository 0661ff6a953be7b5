import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoadedConfig } from "./load.ts";
import { ConfigWatcher } from "./watch.ts";

test("a changed, created or broken file is reloaded once per change", () => {
  const dir = mkdtempSync(join(tmpdir(), "taw-watch-"));
  const seen: LoadedConfig[] = [];
  const watcher = new ConfigWatcher((loaded) => seen.push(loaded), { TAW_CONFIG_DIR: dir });
  expect(watcher.current.exists).toBe(false);
  expect(watcher.check()).toBe(false);
  writeFileSync(join(dir, "config.toml"), "[notify]\ndelay_seconds = 3\n");
  expect(watcher.check()).toBe(true);
  expect(watcher.check()).toBe(false);
  expect(seen.at(-1)?.config.notify.delay_seconds).toBe(3);
  writeFileSync(join(dir, "config.toml"), "[notify\n");
  expect(watcher.check()).toBe(true);
  expect(seen.at(-1)?.problems[0]?.kind).toBe("syntax");
  expect(seen).toHaveLength(2);
});

test("a broken edit keeps the last good config in force, with its problems", () => {
  const dir = mkdtempSync(join(tmpdir(), "taw-watch-"));
  const file = join(dir, "config.toml");
  writeFileSync(file, "[notify]\ndelay_seconds = 3\n");
  const watcher = new ConfigWatcher(() => {}, { TAW_CONFIG_DIR: dir });
  writeFileSync(file, "[notify]\ndelay_seconds = 7\n[ui\n");
  expect(watcher.check()).toBe(true);
  expect(watcher.current.problems[0]?.kind).toBe("syntax");
  expect(watcher.current.config.notify.delay_seconds).toBe(3);
  writeFileSync(file, "[notify]\ndelay_seconds = 9\n");
  expect(watcher.check()).toBe(true);
  expect(watcher.current.problems).toHaveLength(0);
  expect(watcher.current.config.notify.delay_seconds).toBe(9);
});

test("started, it sees an edit within a second without waiting for its poll", async () => {
  const dir = mkdtempSync(join(tmpdir(), "taw-watch-"));
  const seen: LoadedConfig[] = [];
  const watcher = new ConfigWatcher((loaded) => seen.push(loaded), { TAW_CONFIG_DIR: dir }, 60_000).start();
  try {
    const started = Date.now();
    writeFileSync(join(dir, "config.toml"), "[notify]\ndelay_seconds = 5\n");
    while (seen.length === 0 && Date.now() - started < 3000) await Bun.sleep(20);
    expect(seen.at(-1)?.config.notify.delay_seconds).toBe(5);
    expect(Date.now() - started).toBeLessThan(1000);
  } finally {
    watcher.stop();
  }
});
