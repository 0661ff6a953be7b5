import { expect, test } from "bun:test";
import { formatDuration, secondsUntilChange } from "./duration.ts";

test("labels: seconds, minutes, hours, days", () => {
  expect([0, 59, 60, 3599, 3600, 86399, 86400 * 3].map(formatDuration)).toEqual([
    "0s",
    "59s",
    "1m",
    "59m",
    "1h",
    "23h",
    "3d",
  ]);
});

test("the next label change: every second under a minute, on the minute after", () => {
  expect(secondsUntilChange(12)).toBe(1);
  expect(secondsUntilChange(61)).toBe(59);
  expect(secondsUntilChange(3600)).toBe(3600);
});
