import { describe, expect, test } from "bun:test";
import { latestActivity, parseProbe, RestGate } from "./probe.ts";

const quiet = "123 host 1 0.1.0\t\t$1.1:@1=1700000000/2 @2=1700000005/1  $2.0:@3=1699999999/1  ";
const at = (second: number, ms = 0) => second * 1000 + ms;

describe("the probe's answer", () => {
  test("the claim leads it", () => {
    expect(parseProbe(quiet).claim).toBe("123 host 1 0.1.0");
    expect(parseProbe("").claim).toBe("");
  });
  test("the newest window output second", () => {
    expect(latestActivity(quiet)).toBe(1700000005);
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
    expect(gate.moved(quiet)).toBe(false);
  });

  test("a report's nudge, a new pane, an attach or a new window has moved", () => {
    const gate = new RestGate();
    gate.sawFull(quiet, at(1700000010));
    expect(gate.moved(quiet.replace("\t\t", "\t1700000009-ab\t"))).toBe(true);
    expect(gate.moved(quiet.replace("/2 ", "/3 "))).toBe(true);
    expect(gate.moved(quiet.replace("$2.0", "$2.1"))).toBe(true);
    expect(gate.moved(`${quiet}@4=1699999999/1 `)).toBe(true);
  });

  test("output in the second of the last full read counts as moved: it may have come after it", () => {
    const gate = new RestGate();
    const printed = quiet.replace("1700000005", "1700000010");
    gate.sawFull(printed, at(1700000010, 100));
    expect(gate.moved(printed)).toBe(true);
    gate.sawFull(printed, at(1700000011, 50));
    expect(gate.moved(printed)).toBe(false);
  });
});
