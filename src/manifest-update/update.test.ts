// updateManifests against a real HTTP server on 127.0.0.1 serving a catalog in herdr's format.

import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadManifests } from "../detect/manifest.ts";
import { TawError } from "../errors.ts";
import { remoteManifestDir } from "../paths.ts";
import { startCatalog } from "./catalog-fixture.ts";
import { readStatus } from "./status.ts";
import { STALE_MS, updateManifests } from "./update.ts";

const catalog = startCatalog();
afterAll(() => catalog.stop());
const { url, files, serve } = catalog;

let state: string;
let env: Record<string, string>;
beforeEach(() => {
  state = mkdtempSync(join(tmpdir(), "taw-update-"));
  env = { TAW_STATE_DIR: state, TAW_CONFIG_DIR: join(state, "config") };
  catalog.files.clear();
});
afterEach(() => rmSync(state, { recursive: true, force: true }));

const manifest = (id: string, version: string, rule = "ready") =>
  `id = "${id}"\nname = "${id}"\ncommand = "${id}"\nversion = "${version}"\nmin_engine_version = 1\n\n[[rules]]\nid = "${rule}"\nstate = "idle"\ncontains = "${rule}"\n`;
const run = (ifStale = false, now?: Date) => updateManifests({ url, ifStale, now }, env);
/** A run that must check (not skip). */
async function checked() {
  const result = await run();
  if (result.skipped) throw new Error(`skipped: ${result.reason}`);
  return result;
}
const stored = (id: string) => join(remoteManifestDir(env), `${id}.toml`);

describe("updateManifests", () => {
  test("a good newer manifest is stored; a broken one and an unknown agent are not", async () => {
    serve({
      aider: manifest("aider", "9000.1"),
      goose: `${manifest("goose", "9000.1")}[[rules]]\nid = "Bad Id"\n`,
      nosuch: manifest("nosuch", "1"),
    });
    const result = await run();
    expect(result.skipped).toBe(false);
    if (result.skipped) return;
    expect(result.updated).toEqual(["aider"]);
    expect(result.agents.map((a) => [a.id, a.result])).toEqual([
      ["aider", "updated"],
      ["goose", "refused"],
      ["nosuch", "unknown"],
    ]);
    expect(result.agents[1]?.message).toContain("it does not load: line 12: rules[1].id: rule id 'Bad Id'");
    expect(readFileSync(stored("aider"), "utf8")).toBe(manifest("aider", "9000.1"));
    expect(existsSync(stored("goose"))).toBe(false);
    const loaded = loadManifests({ userDir: join(state, "none"), remoteDir: remoteManifestDir(env) });
    expect(loaded.get("aider")?.version).toBe("9000.1");
    expect(readStatus(env)).toMatchObject({ catalogUrl: url, lastCheck: expect.any(String) });
  });

  test("an older, an equal and a changed-without-a-version manifest leave the stored one", async () => {
    serve({ aider: manifest("aider", "9000.2") });
    await run();
    serve({ aider: manifest("aider", "9000.1") });
    expect((await checked()).agents[0]).toMatchObject({ result: "older", previous: "9000.2" });
    serve({ aider: manifest("aider", "9000.2") });
    expect((await checked()).agents[0]).toMatchObject({ result: "current" });
    serve({ aider: manifest("aider", "9000.2", "other") });
    expect((await checked()).agents[0]).toMatchObject({
      result: "refused",
      message: expect.stringContaining("without a new version"),
    });
    expect(readFileSync(stored("aider"), "utf8")).toBe(manifest("aider", "9000.2"));
  });

  test("a manifest without a version or needing a newer engine is refused", async () => {
    serve({
      aider: manifest("aider", "9000.1").replace(/version = .*\n/, ""),
      goose: manifest("goose", "9000.1").replace("min_engine_version = 1", "min_engine_version = 7"),
    });
    const result = await checked();
    expect(result.agents.map((a) => a.result)).toEqual(["refused", "refused"]);
    expect(result.agents[0]?.message).toContain("no version");
    expect(result.agents[1]?.message).toContain("needs manifest engine 7");
  });

  test("--if-stale skips within a day of the last check, and checks after", async () => {
    serve({ aider: manifest("aider", "9000.1") });
    const first = new Date("2026-12-01T10:00:00Z");
    await run(false, first);
    const soon = await run(true, new Date(first.getTime() + 3 * 3_600_000));
    expect(soon).toMatchObject({ skipped: true, lastCheck: first.toISOString() });
    if (soon.skipped) expect(soon.reason).toContain("3h ago");
    const later = await run(true, new Date(first.getTime() + STALE_MS + 1));
    expect(later.skipped).toBe(false);
  });

  test("a catalog that cannot be fetched or read fails in one line and changes no manifest", async () => {
    serve({ aider: manifest("aider", "9000.1") });
    await run(false, new Date("2026-12-01T10:00:00Z"));
    const before = readFileSync(stored("aider"), "utf8");
    files.set("/agent-detection/index.toml", "schema_version = 3\n");
    const error = await run().catch((e) => e);
    expect(error).toBeInstanceOf(TawError);
    expect(error.message).toContain("schema_version 3 is not supported");
    expect(error.message).not.toContain("\n");
    files.clear();
    const missing = await run().catch((e) => e);
    expect(missing.message).toContain("HTTP 404");
    expect(readFileSync(stored("aider"), "utf8")).toBe(before);
    expect(readStatus(env)).toMatchObject({
      lastCheck: "2026-12-01T10:00:00.000Z",
      lastError: expect.stringContaining("404"),
    });
  });
});
