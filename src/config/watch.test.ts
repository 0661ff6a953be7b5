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
