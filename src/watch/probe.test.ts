import { describe, expect, test } from "bun:test";
import { parseProbe, ReadGate } from "./probe.ts";

const quiet = "123 host 1 0.1.0\t\t$1.1:@1=1700000000/2* @2=1700000005/1  $2.0:@3=1699999999/1*  ";
const at = (second: number, ms = 0) => second * 1000 + ms;
const probe = (answer: string) => parseProbe(answer);
const printedIn = (window: string, second: number) =>
  probe(quiet.replace(new RegExp(`${window}=\\d+`), `${window}=${second}`));

describe("the probe's answer", () => {
  test("the claim leads it; each window's output second is read apart from the rest", () => {
    const parsed = probe(quiet);
    expect(parsed.claim).toBe("123 host 1 0.1.0");
    expect(parsed.activity).toEqual(
      new Map([
        ["@1", 1700000000],
        ["@2", 1700000005],
        ["@3", 1699999999],
      ]),
    );
    expect(parsed.structure).toBe("123 host 1 0.1.0\t\t$1.1:@1=/2* @2=/1  $2.0:@3=/1*  \n\n");
    expect(probe("").claim).toBe("");
  });
});

describe("ReadGate", () => {
  test("the first tick and the interval make the full read due", () => {
    const gate = new ReadGate(5000);
    expect(gate.fullDue(at(1700000010))).toBe(true);
    gate.sawRead(probe(quiet), "all", at(1700000010));
    expect(gate.fullDue(at(1700000010, 300))).toBe(false);
    expect(gate.fullDue(at(1700000015))).toBe(true);
  });

  test("the same answer with no output since the last read asks for nothing", () => {
    const gate = new ReadGate();
    gate.sawRead(probe(quiet), "all", at(1700000010));
    expect(gate.scope(probe(quiet))).toEqual(new Set());
  });

  test("a report's nudge, a new pane, an attach, a window switch, a new window or a terminal's focus asks for every pane", () => {
    const gate = new ReadGate();
    gate.sawRead(probe(quiet), "all", at(1700000010));
    const focused = "/dev/pts/1\t$1\tattached,focused";
    gate.sawRead(parseProbe(quiet, focused), "all", at(1700000010));
    expect(gate.scope(parseProbe(quiet, focused))).toEqual(new Set());
    expect(gate.scope(parseProbe(quiet, "/dev/pts/1\t$1\tattached"))).toBe("all");
    expect(gate.scope(parseProbe(quiet, focused, "main:zsh/ "))).toBe("all");
    gate.sawRead(probe(quiet), "all", at(1700000010));
    expect(gate.scope(probe(quiet.replace("\t\t", "\t1700000009-ab\t")))).toBe("all");
    expect(gate.scope(probe(quiet.replace("/2*", "/3*")))).toBe("all");
    expect(gate.scope(probe(quiet.replace("$2.0", "$2.1")))).toBe("all");
    expect(gate.scope(probe(quiet.replace("/2* @2=1700000005/1 ", "/2 @2=1700000005/1* ")))).toBe("all");
    expect(gate.scope(probe(`${quiet}@4=1699999999/1 `))).toBe("all");
  });

  test("output asks for its window's panes only, less the windows read anyway", () => {
    const gate = new ReadGate();
    gate.sawRead(probe(quiet), "all", at(1700000010));
    expect(gate.scope(printedIn("@3", 1700000011))).toEqual(new Set(["@3"]));
    expect(gate.scope(printedIn("@3", 1700000011), new Set(["@3"]))).toEqual(new Set());
  });

  test("output in the second of a window's last read counts: it may have come after it", () => {
    const gate = new ReadGate();
    gate.sawRead(probe(quiet), "all", at(1700000010, 100));
    const printed = printedIn("@2", 1700000010);
    expect(gate.scope(printed)).toEqual(new Set(["@2"]));
    gate.sawRead(printed, new Set(["@2"]), at(1700000010, 400));
    expect(gate.scope(printed)).toEqual(new Set(["@2"]));
    gate.sawRead(printed, new Set(["@2"]), at(1700000011, 50));
    expect(gate.scope(printed)).toEqual(new Set());
  });
});

test("printedAmong: which of the windows read ahead printed since their last read", () => {
  const gate = new ReadGate();
  gate.sawRead(probe(quiet), "all", at(1700000010, 100));
  const printed = printedIn("@3", 1700000011);
  expect(gate.printedAmong(printed, new Set(["@1", "@3"]))).toEqual(new Set(["@3"]));
  expect(gate.printedAmong(printed, new Set(["@9"]))).toEqual(new Set(["@9"]));
});
