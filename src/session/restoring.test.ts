import { expect, test } from "bun:test";
import { isRestoring, restoringMark } from "./restoring.ts";

test("a restore mark counts while its process lives and for ten minutes at most", () => {
  const now = Date.now();
  expect(isRestoring(restoringMark(now), now)).toBe(true);
  expect(isRestoring(restoringMark(now - 11 * 60 * 1000), now)).toBe(false);
  expect(isRestoring(`999999999 ${Math.floor(now / 1000)}`, now)).toBe(false);
  expect(isRestoring("", now)).toBe(false);
  expect(isRestoring("garbage", now)).toBe(false);
});
