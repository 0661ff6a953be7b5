import { describe, expect, test } from "bun:test";
import { buildBatchArgv, parseBatchOutput } from "./batch.ts";

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
