import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EARLIER_EVERY_MS, keepEarlier, listSaves, readEarlier, saveId } from "./earlier.ts";
import { savedSession, scratchDirs } from "./fixtures.ts";
import { earlierDirOf, historyDirOf } from "./store.ts";

const scratchDir = scratchDirs("taw-earlier-");

/** Now: the engine's pace is read from when an earlier save was kept (its file's time). */
const START = Date.now();
const at = (minute: number) => new Date(START + minute * 60_000).toISOString();

/** A session file saved at `minute`, with one history file, each replaced as a save does. */
function saveAt(file: string, minute: number) {
  const session = { ...savedSession("s", "work"), saved_at: at(minute) };
  writeFileSync(file, JSON.stringify(session));
  mkdirSync(historyDirOf(file), { recursive: true });
  rmSync(join(historyDirOf(file), "0.0.gz"), { force: true });
  writeFileSync(join(historyDirOf(file), "0.0.gz"), `history ${minute}`);
  return session;
}

const scratch = () => join(scratchDir(), "work.json");

describe("earlier saves", () => {
  test("a save by hand keeps the one it replaces, its history linked; the rule keeps the last N", () => {
    const file = scratch();
    for (let minute = 0; minute < 4; minute++) {
      saveAt(file, minute);
      keepEarlier(file, { keep: 2, days: 7 }, true, START);
    }
    // Linked, not copied.
    expect(statSync(join(historyDirOf(file), "0.0.gz")).nlink).toBe(2);
    const current = saveAt(file, 9);
    const saves = listSaves(file, current);
    expect(saves.map((s) => [s.saved_at, s.current])).toEqual([
      [at(9), true],
      [at(3), false],
      [at(2), false],
    ]);
    const kept = readEarlier(file, "work", saves[1]?.id ?? "");
    expect(kept.session.saved_at).toBe(at(3));
    expect(readFileSync(join(kept.historyDir, "0.0.gz"), "utf8")).toBe("history 3");
    expect(() => readEarlier(file, "work", "../x")).toThrow("no earlier save '../x' of 'work'");
  });

  test("the engine keeps one at most every 15 minutes; none kept with keep_saves 0; old ones go", () => {
    const file = scratch();
    const now = START;
    saveAt(file, 0);
    keepEarlier(file, { keep: 5, days: 7 }, false, now);
    saveAt(file, 1);
    keepEarlier(file, { keep: 5, days: 7 }, false, now + 1000);
    expect(readdirSync(earlierDirOf(file)).filter((n) => n.endsWith(".json"))).toHaveLength(1);
    keepEarlier(file, { keep: 5, days: 7 }, false, now + EARLIER_EVERY_MS + 1000);
    expect(readdirSync(earlierDirOf(file)).filter((n) => n.endsWith(".json"))).toHaveLength(2);
    // Eight days on, both are past keep_saves_days.
    saveAt(file, 8 * 24 * 60);
    keepEarlier(file, { keep: 5, days: 7 }, true, now + 8 * 24 * 3600 * 1000);
    expect(readdirSync(earlierDirOf(file)).filter((n) => n.endsWith(".json"))).toEqual([
      `${saveId(at(8 * 24 * 60))}.json`,
    ]);
    const other = scratch();
    saveAt(other, 0);
    keepEarlier(other, { keep: 0, days: 7 }, true, START);
    expect(existsSync(earlierDirOf(other))).toBe(false);
  });
});
