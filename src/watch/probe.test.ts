import { describe, expect, test } from "bun:test";
import { latestActivity, RestGate } from "./probe.ts";

const quiet = "@1=1700000000:%1/idle//claude/3/, @2=1700000005:%2////, ";
const at = (second: number, ms = 0) => second * 1000 + ms;

describe("latestActivity", () => {
  test("the newest window output second", () => {
    expect(latestActivity(quiet)).toBe(1700000005);
  });
  test("no window parsed is 0", () => {
    expect(latestActivity("")).toBe(0);
  });
});

describe("RestGate", () => {
  test("the first tick, a busy watcher and the interval each make the full read due", () => {
    const gate = new RestGate(2500);
    expect(gate.fullDue(at(1700000010), false)).toBe(true);
    gate.sawFull(quiet, at(1700000010));
    expect(gate.fullDue(at(1700000010, 300), false)).toBe(false);
    expect(gate.fullDue(at(1700000010, 300), true)).toBe(true);
    expect(gate.fullDue(at(1700000012, 500), false)).toBe(true);
  });

  test("the same answer with no output since the last full read has not moved", () => {
    const gate = new RestGate();
    gate.sawFull(quiet, at(1700000010));
    expect(gate.moved(quiet, quiet)).toBe(false);
  });

  test("a changed option, pane or client list has moved", () => {
    const gate = new RestGate();
    gate.sawFull(quiet, at(1700000010));
    expect(gate.moved(quiet.replace("idle", "working"), quiet)).toBe(true);
    expect(gate.moved(`${quiet}\nclient-1`, quiet)).toBe(true);
  });

  test("output in the second of the last full read counts as moved: it may have come after it", () => {
    const gate = new RestGate();
    const printed = quiet.replace("1700000005", "1700000010");
    gate.sawFull(printed, at(1700000010, 100));
    expect(gate.moved(printed, printed)).toBe(true);
    gate.sawFull(printed, at(1700000011, 50));
    expect(gate.moved(printed, printed)).toBe(false);
  });
});
