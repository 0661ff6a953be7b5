import { expect, test } from "bun:test";
import { gridShape } from "./PreviewGrid.tsx";

test("as many columns as 30-column cells fit, as many rows as 5-row cells fit, never more cells than agents", () => {
  expect(gridShape(4, 90, 30)).toEqual({ cells: 4, columns: 3 });
  expect(gridShape(6, 60, 30)).toEqual({ cells: 6, columns: 2 });
  expect(gridShape(6, 60, 9)).toEqual({ cells: 2, columns: 2 });
  expect(gridShape(1, 200, 40)).toEqual({ cells: 1, columns: 1 });
  expect(gridShape(0, 100, 40)).toEqual({ cells: 0, columns: 1 });
  expect(gridShape(3, 20, 4)).toEqual({ cells: 1, columns: 1 });
});
