import { expect, test } from "bun:test";
import { PANE_COLUMNS, parsePaneListing } from "./formats.ts";

const line = (paneId: string, title: string) =>
  PANE_COLUMNS.map((column) =>
    column.key === "paneId" ? paneId : column.key === "title" ? title : "x",
  ).join("\t");

test("a line listed again gives the same (frozen) row; a changed line is parsed anew", () => {
  const first = parsePaneListing(`${line("%1", "a")}\n${line("%2", "b")}\n`);
  const second = parsePaneListing(`${line("%1", "a")}\n${line("%2", "c")}\n`);
  expect(second[0]).toBe(first[0] as (typeof second)[number]);
  expect(Object.isFrozen(second[0])).toBe(true);
  expect(second[1]).not.toBe(first[1] as (typeof second)[number]);
  expect([second[0]?.title, second[1]?.title]).toEqual(["a", "c"]);
  expect(second.map((row) => row.paneId)).toEqual(["%1", "%2"]);
});
