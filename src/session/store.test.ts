import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { savedSession, scratchDirs } from "./fixtures.ts";
import { FORMAT_VERSION } from "./format.ts";
import { archiveDir, readSaved, serverDir, writeSaved } from "./store.ts";

const scratchDir = scratchDirs("taw-session-store-");
const scratch = () => ({ TAW_STATE_DIR: scratchDir() });

const session = (name: string) => savedSession("work", name);

describe("session store", () => {
  test("a save is a 0600 file in a 0700 folder, and reads back", () => {
    const env = scratch();
    const file = writeSaved(env, session("a/b .x"));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(serverDir(env, "work")).mode & 0o777).toBe(0o700);
    expect(readdirSync(serverDir(env, "work"))).toEqual(["a%2Fb%20.x.json"]);
    expect(readSaved(env, "work").saved.map((s) => s.session.name)).toEqual(["a/b .x"]);
  });

  test("a corrupt file and a newer one are archived with a message; the others are read", () => {
    const env = scratch();
    writeSaved(env, session("good"));
    const dir = serverDir(env, "work");
    writeFileSync(join(dir, "broken.json"), '{"version":1,"windows":[');
    mkdirSync(join(dir, "broken.history"));
    writeFileSync(join(dir, "broken.history", "0.0.gz"), "");
    writeFileSync(
      join(dir, "future.json"),
      JSON.stringify({ ...session("future"), version: FORMAT_VERSION + 1 }),
    );
    const first = readSaved(env, "work");
    expect(first.saved.map((s) => s.session.name)).toEqual(["good"]);
    expect(first.archived).toHaveLength(2);
    expect(first.archived[0]).toContain("broken.json: not valid JSON");
    expect(first.archived[1]).toContain("newer taw");
    expect(readdirSync(dir)).toEqual(["good.json"]); // the broken file's history went with it
    const archived = readdirSync(archiveDir(env, "work"));
    expect(archived).toHaveLength(3);
    const broken =
      archived.find((name) => name.startsWith("broken.json.") && !name.endsWith(".history")) ?? "";
    expect(readFileSync(join(archiveDir(env, "work"), broken), "utf8")).toBe('{"version":1,"windows":[');
    // Its pane history beside it, for a person to read.
    expect(readdirSync(join(archiveDir(env, "work"), `${broken}.history`))).toEqual(["0.0.gz"]);
    expect(readSaved(env, "work").archived).toEqual([]);
  });

  test("archiving a file prunes archived files older than 14 days", () => {
    const env = scratch();
    const archive = archiveDir(env, "work");
    mkdirSync(archive, { recursive: true });
    const stale = join(archive, "old.json.x");
    const recent = join(archive, "recent.json.x");
    writeFileSync(stale, "{");
    mkdirSync(`${stale}.history`);
    writeFileSync(recent, "{");
    const days = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000);
    utimesSync(stale, days(15), days(15));
    utimesSync(recent, days(13), days(13));
    mkdirSync(serverDir(env, "work"), { recursive: true });
    writeFileSync(join(serverDir(env, "work"), "bad.json"), "garbage");
    expect(readSaved(env, "work").archived).toHaveLength(1);
    const left = readdirSync(archive);
    expect(left).toContain("recent.json.x");
    expect(left).not.toContain("old.json.x");
    expect(left).not.toContain("old.json.x.history");
    expect(left.some((name) => name.startsWith("bad.json."))).toBe(true);
  });

  test("no folder yet: nothing saved", () => {
    expect(readSaved(scratch(), "work")).toEqual({ saved: [], archived: [] });
  });
});
