import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lastError } from "./engine.ts";

describe("the engine's last error", () => {
  test("is the last ERROR or WARN line of the log, without level and pid", () => {
    const path = join(mkdtempSync(join(tmpdir(), "taw-doctor-")), "engine.log");
    writeFileSync(
      path,
      [
        "2026-01-01T00:00:00.000Z WARN [12] tick failed (1 in a row)",
        "2026-01-01T00:00:01.000Z ERROR [12] engine crashed: boom",
        "2026-01-01T00:00:02.000Z INFO [13] engine started",
        "",
      ].join("\n"),
    );
    expect(lastError(path)).toBe("2026-01-01T00:00:01.000Z engine crashed: boom");
    writeFileSync(path, "2026-01-01T00:00:02.000Z INFO [13] engine started\n");
    expect(lastError(path)).toBeUndefined();
    expect(lastError(`${path}.missing`)).toBeUndefined();
  });
});
