import { describe, expect, test } from "bun:test";
import { screenTail } from "./read.ts";

describe("screenTail", () => {
  const screen = "a\n\nb\nc\n\n\n   \n";

  test("the empty rows below the last text are left out, blank lines between kept", () => {
    expect(screenTail(screen)).toBe("a\n\nb\nc");
  });

  test("a count keeps the last lines of the text", () => {
    expect(screenTail(screen, 2)).toBe("b\nc");
    expect(screenTail(screen, 9)).toBe("a\n\nb\nc");
  });

  test("an empty screen is empty", () => {
    expect(screenTail("\n\n\n", 3)).toBe("");
  });
});
