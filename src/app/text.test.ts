import { expect, test } from "bun:test";
import { wrapWords } from "./text.ts";

test("wrapWords breaks at spaces within the width, and cuts a word longer than it", () => {
  expect(wrapWords("close the pane (asks first)", 12)).toEqual(["close the", "pane (asks", "first)"]);
  expect(wrapWords("short", 12)).toEqual(["short"]);
  expect(wrapWords("abcdefghij xy", 4)).toEqual(["abcd", "efgh", "ij", "xy"]);
  expect(wrapWords("", 4)).toEqual([""]);
});
