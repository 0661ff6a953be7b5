import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import {
  dividerLine,
  type Fingerprints,
  type HistoryFile,
  historyFor,
  KEPT,
  keptUncaptured,
  packHistory,
  writeHistories,
} from "./history.ts";

const unpack = (data: Uint8Array | undefined) => (data ? gunzipSync(data).toString() : undefined);

describe("packHistory", () => {
  test("the capture without the empty rows below it, colours kept", () => {
    expect(unpack(packHistory("$ ls\n\u001b[31mred\u001b[0m\n$ \n\n\n   \n", 1024))).toBe(
      "$ ls\n\u001b[31mred\u001b[0m\n$\n",
    );
  });

  test("blank rows between lines take no time (a full-screen agent is mostly spaces)", () => {
    const screen = `${"   \n".repeat(2000)}x${" ".repeat(100)}\n${"  \n".repeat(2000)}`;
    // A backtracking trim took minutes on this (the test's time limit catches it).
    expect(unpack(packHistory(screen, 1 << 20))?.endsWith("x\n")).toBe(true);
  });

  test("a pane that shows nothing saves nothing", () => {
    expect(packHistory("\n\n  \n", 1024)).toBeUndefined();
  });

  test("too big: lines from the top go until it fits, the newest kept", () => {
    const lines = Array.from({ length: 4000 }, (_, i) => `line ${i} ${Math.random().toString(36)}`);
    const packed = packHistory(lines.join("\n"), 4096);
    expect(packed?.byteLength).toBeLessThanOrEqual(4096);
    const kept = unpack(packed)?.trimEnd().split("\n") ?? [];
    expect(kept.length).toBeLessThan(4000);
    expect(kept.at(-1)).toBe(lines.at(-1));
  });
});

test("the divider names the time of the save and the folder", () => {
  const local = new Date(2026, 11, 3, 14, 2);
  expect(dividerLine(local.toISOString(), "/home/u/a b")).toBe(
    "-- taw: restored from Dec 03 14:02, fresh shell in /home/u/a b --",
  );
});

describe("history saves rewrite only panes with new output", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** One save of a session's panes (name → capture), as saveSessions makes it. */
  function save(dir: string, captures: Record<string, string>, seen: Fingerprints): number {
    const files = new Map<string, HistoryFile>();
    for (const [name, capture] of Object.entries(captures)) {
      const history = historyFor(join(dir, name), capture, 1 << 20, seen);
      if (history) files.set(name, history.data);
    }
    return writeHistories(dir, files);
  }

  test("an idle pane is kept, a pane with new output is rewritten, a closed pane's file goes", () => {
    const dir = mkdtempSync(join(tmpdir(), "taw-history-"));
    dirs.push(dir);
    const seen: Fingerprints = new Map();
    expect(save(dir, { "0.0.gz": "$ ls\na b\n", "0.1.gz": "$ top\n", "1.0.gz": "x\n" }, seen)).toBe(3);
    // Mark the idle pane's file: a rewrite would replace the mark.
    writeFileSync(join(dir, "0.0.gz"), "untouched");

    expect(save(dir, { "0.0.gz": "$ ls\na b\n", "0.1.gz": "$ top\nload 1.0\n" }, seen)).toBe(1);
    expect(readFileSync(join(dir, "0.0.gz"), "utf8")).toBe("untouched");
    expect(gunzipSync(readFileSync(join(dir, "0.1.gz"))).toString()).toBe("$ top\nload 1.0\n");
    expect(readdirSync(dir).sort()).toEqual(["0.0.gz", "0.1.gz"]);
  });

  test("a file gone from disk, or no fingerprints (a save by hand), is written again", () => {
    const dir = mkdtempSync(join(tmpdir(), "taw-history-"));
    dirs.push(dir);
    const seen: Fingerprints = new Map();
    save(dir, { "0.0.gz": "same\n" }, seen);
    expect(historyFor(join(dir, "0.0.gz"), "same\n", 1024, seen)?.data).toBe(KEPT);
    rmSync(join(dir, "0.0.gz"));
    expect(historyFor(join(dir, "0.0.gz"), "same\n", 1024, seen)?.data).toBeInstanceOf(Uint8Array);
    expect(historyFor(join(dir, "0.0.gz"), "same\n", 1024)?.data).toBeInstanceOf(Uint8Array);
  });

  test("a pane whose window printed nothing since its capture is not captured again", () => {
    const dir = mkdtempSync(join(tmpdir(), "taw-history-"));
    dirs.push(dir);
    const seen: Fingerprints = new Map();
    const file = join(dir, "0.0.gz");
    const written = historyFor(file, "$ make\nok\n", 1 << 20, seen, 1000);
    writeHistories(dir, new Map([["0.0.gz", written?.data ?? KEPT]]));
    // Output before the capture's second: kept as it is, with its size for the session's budget.
    expect(keptUncaptured(file, 999, 1 << 20, seen)).toEqual({ data: KEPT, bytes: written?.bytes ?? -1 });
    // Output in that second or after, or its file gone: captured again.
    expect(keptUncaptured(file, 1000, 1 << 20, seen)).toBeUndefined();
    expect(keptUncaptured(file, 999, 1 << 20, new Map())).toBeUndefined();
    // No room left in the session's budget: captured again next time, to fit.
    expect(keptUncaptured(file, 999, 1, seen)).toBeUndefined();
    expect(seen.has(file)).toBe(false);
    rmSync(file);
    seen.set(file, { hash: "x", bytes: 10, at: 1000 });
    expect(keptUncaptured(file, 999, 1 << 20, seen)).toBeUndefined();
  });
});
