import { expect, test } from "bun:test";
import { barText } from "./popup-bar.ts";

test("the bar counts who needs you first and leaves out the states nobody is in", () => {
  expect(barText({ blocked: 2, done: 1, working: 0, idle: 3 })).toBe(
    "taw: 2 need you, 1 done, 3 idle (Enter jumps, q closes)",
  );
  expect(barText({ blocked: 1, done: 0, working: 4, idle: 0 })).toBe(
    "taw: 1 needs you, 4 working (Enter jumps, q closes)",
  );
  expect(barText({ blocked: 0, done: 0, working: 0, idle: 0 })).toBe(
    "taw: no agents (Enter jumps, q closes)",
  );
});
