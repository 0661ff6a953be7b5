import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SHIPPED_MANIFEST_DIR } from "../detect/manifest.ts";
import { ManifestReloader } from "./manifest-reload.ts";

const shipped = readFileSync(join(SHIPPED_MANIFEST_DIR, "claude.toml"), "utf8");
const shippedName = /^name = "(.*)"$/m.exec(shipped)?.[1];

test("a user manifest reloads; a broken edit keeps its last good version; removed, the shipped one is back", () => {
  const config = mkdtempSync(join(tmpdir(), "taw-manifests-"));
  const dir = join(config, "manifests");
  const file = join(dir, "claude.toml");
  const seen: string[] = [];
  // A state folder of its own: the user's stored remote manifests must not count here.
  const reloader = new ManifestReloader((set) => seen.push(set.get("claude")?.name ?? "-"), {
    TAW_CONFIG_DIR: config,
    TAW_STATE_DIR: join(config, "state"),
  });
  expect(reloader.current.get("claude")?.name).toBe(shippedName);
  expect(reloader.check()).toBe(false);
  mkdirSync(dir);
  writeFileSync(file, shipped.replace(/^name = ".*"$/m, 'name = "Mine"'));
  expect(reloader.check()).toBe(true);
  expect(reloader.current.get("claude")?.name).toBe("Mine");
  writeFileSync(file, `${shipped.replace(/^name = ".*"$/m, 'name = "Broken"')}\n[[rules]\n`);
  expect(reloader.check()).toBe(true);
  expect(reloader.current.get("claude")?.name).toBe("Mine");
  expect(reloader.current.errors[0]?.file).toBe(file);
  rmSync(file);
  expect(reloader.check()).toBe(true);
  expect(reloader.current.get("claude")?.name).toBe(shippedName);
  expect(reloader.current.errors).toHaveLength(0);
  expect(seen).toEqual(["Mine", "Mine", shippedName ?? ""]);
});

test("a manifest `taw manifest update` stores reloads too; the user's file still wins over it", () => {
  const root = mkdtempSync(join(tmpdir(), "taw-remote-reload-"));
  const env = { TAW_CONFIG_DIR: join(root, "config"), TAW_STATE_DIR: join(root, "state") };
  const remote = join(root, "state", "manifests", "remote");
  const user = join(root, "config", "manifests");
  const reloader = new ManifestReloader(() => {}, env);
  mkdirSync(remote, { recursive: true });
  writeFileSync(
    join(remote, "claude.toml"),
    `version = "9000.1"\n${shipped.replace(/^name = ".*"$/m, 'name = "Fetched"')}`,
  );
  expect(reloader.check()).toBe(true);
  expect(reloader.current.get("claude")?.name).toBe("Fetched");
  mkdirSync(user, { recursive: true });
  writeFileSync(join(user, "claude.toml"), shipped.replace(/^name = ".*"$/m, 'name = "Mine"'));
  expect(reloader.check()).toBe(true);
  expect(reloader.current.get("claude")?.name).toBe("Mine");
  rmSync(join(user, "claude.toml"));
  expect(reloader.check()).toBe(true);
  expect(reloader.current.get("claude")?.name).toBe("Fetched");
  rmSync(root, { recursive: true, force: true });
});
