import { describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { dividerLine, packHistory } from "./history.ts";

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
