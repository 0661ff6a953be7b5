import { expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sweepTempFiles, writeFileAtomic } from "./fs.ts";

test("a write leaves the file and no temp; a dead writer's temp is swept, a live one's kept", () => {
  const dir = mkdtempSync(join(tmpdir(), "taw-fs-"));
  try {
    writeFileAtomic(join(dir, "a.json"), "{}\n", 0o600);
    expect(readdirSync(dir)).toEqual(["a.json"]);
    expect(readFileSync(join(dir, "a.json"), "utf8")).toBe("{}\n");
    // A process that has ended: its pid names no one now.
    const dead = Bun.spawnSync(["true"]).pid;
    const orphan = `.${Date.now()}-${dead}-k3j2.tmp`;
    const live = `.${Date.now()}-${process.pid}-a9b8.tmp`;
    for (const name of [orphan, live, ".notes.tmp"]) writeFileSync(join(dir, name), "{");
    sweepTempFiles(dir);
    expect(readdirSync(dir).sort()).toEqual([live, ".notes.tmp", "a.json"].sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
