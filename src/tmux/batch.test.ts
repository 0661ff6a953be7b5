import { describe, expect, test } from "bun:test";
import { buildBatchArgv, parseBatchOutput, splitBatch } from "./batch.ts";

describe("batch", () => {
  test("each command is followed by its own sentinel, separated by ;", () => {
    expect(buildBatchArgv([["a", "1"], ["b"]], "n")).toEqual([
      "a",
      "1",
      ";",
      "display-message",
      "-p",
      "::taw-batch-n-0::",
      ";",
      "b",
      ";",
      "display-message",
      "-p",
      "::taw-batch-n-1::",
    ]);
  });

  test("outputs are split per command, empty and multi-line ones included", () => {
    const out = "x\ny\n::taw-batch-n-0::\n::taw-batch-n-1::\n\n\n::taw-batch-n-2::\n";
    expect(parseBatchOutput(out, 3, "n").map((r) => r.output)).toEqual(["x\ny", "", "\n"]);
  });

  test("a batch cut short by a failure returns only the commands that completed", () => {
    expect(parseBatchOutput("a\n::taw-batch-n-0::\npartial\n", 3, "n")).toHaveLength(1);
  });

  test("a line that looks like another batch's sentinel is output, not a split", () => {
    const out = "::taw-batch-other-0::\n::taw-batch-n-0::\n";
    expect(parseBatchOutput(out, 1, "n")[0]?.output).toBe("::taw-batch-other-0::");
  });
});

describe("splitBatch", () => {
  const set = (pane: number, value: string) => ["set-option", "-p", "-t", `%${pane}`, "@agent_title", value];

  test("a batch whose command line fits is one run", () => {
    const commands = [set(1, "a"), set(2, "b"), set(3, "c")];
    expect(splitBatch(commands, "n0nce")).toEqual([commands]);
  });

  test("a long batch is cut into runs that each fit, in order, none lost", () => {
    const commands = Array.from({ length: 200 }, (_, pane) => set(pane, `title ${"é".repeat(80)}`));
    const runs = splitBatch(commands, "n0nce", 4000);
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.flat()).toEqual(commands);
    for (const run of runs) {
      const bytes = buildBatchArgv(run, "n0nce").reduce((sum, word) => sum + Buffer.byteLength(word) + 1, 0);
      expect(bytes).toBeLessThanOrEqual(4000);
    }
  });

  test("a command too long on its own is a run of its own", () => {
    const huge = set(9, "x".repeat(5000));
    expect(splitBatch([set(1, "a"), huge, set(2, "b")], "n0nce", 4000)).toEqual([
      [set(1, "a")],
      [huge],
      [set(2, "b")],
    ]);
  });
});
