import { expect, test } from "bun:test";
import type { SavedPane } from "./format.ts";
import { missingPanes } from "./missing-panes.ts";

const pane = (index: number, cwd: string): SavedPane => ({
  index,
  cwd,
  title: "",
  command: "sh",
  active: index === 0,
});
const saved = [pane(0, "/a"), pane(1, "/b"), pane(2, "/c")];

test("a window with all its panes lacks none, even with more panes than saved", () => {
  expect(missingPanes(saved, [{ cwd: "/x" }, { cwd: "/y" }, { cwd: "/z" }])).toEqual([]);
  expect(missingPanes(saved.slice(0, 1), [{ cwd: "/a" }, { cwd: "/a" }])).toEqual([]);
});

test("the panes whose folders no live pane is in are missing, wherever they stood", () => {
  expect(missingPanes(saved, [{ cwd: "/c" }, { cwd: "/a" }])).toEqual([saved[1] as SavedPane]);
  expect(missingPanes(saved, [{ cwd: "/b" }])).toEqual([saved[0] as SavedPane, saved[2] as SavedPane]);
});

test("a live pane in another folder still counts: the last unmatched panes are missing", () => {
  expect(missingPanes(saved, [{ cwd: "/elsewhere" }, { cwd: "/b" }])).toEqual([saved[2] as SavedPane]);
  expect(missingPanes(saved, [{ cwd: "/x" }])).toEqual([saved[1] as SavedPane, saved[2] as SavedPane]);
});

test("two saved panes in one folder: one live pane there accounts for one of them", () => {
  const twins = [pane(0, "/a"), pane(1, "/a")];
  expect(missingPanes(twins, [{ cwd: "/a" }])).toEqual([twins[1] as SavedPane]);
});
