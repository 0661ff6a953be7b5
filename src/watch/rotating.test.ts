import { expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EventLog } from "./events.ts";
import { fileLogger } from "./log.ts";
import { RotatingFile } from "./rotating.ts";

const scratch = () => mkdtempSync(join(tmpdir(), "taw-rotating-"));

test("past its cap the file goes to .1 and starts again; nothing is lost across the turn", () => {
  const dir = scratch();
  try {
    const file = new RotatingFile(join(dir, "sub", "a.log"), 100);
    const lines = Array.from(
      { length: 12 },
      (_, n) => `line ${String(n).padStart(2, "0")} ${"x".repeat(20)}\n`,
    );
    for (const line of lines) file.append(line);
    const current = readFileSync(join(dir, "sub", "a.log"), "utf8");
    const previous = readFileSync(join(dir, "sub", "a.log.1"), "utf8");
    expect(Buffer.byteLength(current)).toBeLessThanOrEqual(100);
    expect(Buffer.byteLength(previous)).toBeLessThanOrEqual(100);
    // The newest lines are in the file, the ones before them in .1, in order.
    expect(`${previous}${current}`.endsWith(lines.slice(-6).join(""))).toBe(true);
    expect(current.endsWith(lines.at(-1) ?? "")).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a first write bigger than the cap is written, not renamed away (there is nothing to rotate)", () => {
  const dir = scratch();
  try {
    const file = new RotatingFile(join(dir, "big.log"), 10);
    file.append("more than ten bytes\n");
    expect(readFileSync(join(dir, "big.log"), "utf8")).toBe("more than ten bytes\n");
    expect(existsSync(join(dir, "big.log.1"))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the events file and the engine log both rotate at their caps (1 MiB)", () => {
  const dir = scratch();
  try {
    const events = new EventLog(join(dir, "events", "s.jsonl"));
    const event = {
      kind: "pane.created",
      pane: "w0:p1",
      tmux_id: "%1",
      agent: null,
      from: null,
      to: null,
      rule: "x".repeat(200),
      at: 1,
    } as const;
    for (let n = 0; n < 6000; n++) events.append([event]);
    expect(existsSync(join(dir, "events", "s.jsonl.1"))).toBe(true);
    expect(events.failure).toBeUndefined();
    const log = fileLogger("engine", { TAW_STATE_DIR: dir });
    for (let n = 0; n < 12_000; n++) log.info(`tick ${n} ${"y".repeat(80)}`);
    expect(existsSync(join(dir, "logs", "engine.log.1"))).toBe(true);
    expect(readFileSync(join(dir, "logs", "engine.log"), "utf8")).toContain("tick 11999");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
