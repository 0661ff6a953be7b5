import { expect, test } from "bun:test";
import { homedir } from "node:os";
import { shortPath, wrapWords } from "./text.ts";

test("wrapWords breaks at spaces within the width, and cuts a word longer than it", () => {
  expect(wrapWords("close the pane (asks first)", 12)).toEqual(["close the", "pane (asks", "first)"]);
  expect(wrapWords("short", 12)).toEqual(["short"]);
  expect(wrapWords("abcdefghij xy", 4)).toEqual(["abcd", "efgh", "ij", "xy"]);
  expect(wrapWords("", 4)).toEqual([""]);
});

test("shortPath writes the home folder as ~, and leaves any other path as it is", () => {
  const home = homedir();
  expect(shortPath(home)).toBe("~");
  expect(shortPath(`${home}/src/api`)).toBe("~/src/api");
  expect(shortPath(`${home}x/other`)).toBe(`${home}x/other`);
  expect(shortPath("/srv/app")).toBe("/srv/app");
});
