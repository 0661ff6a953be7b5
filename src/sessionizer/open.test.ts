import { expect, test } from "bun:test";
import type { LiveSession } from "./folders.ts";
import { sessionNameFor } from "./open.ts";

const live = (name: string, path = "/elsewhere"): LiveSession => ({ id: "$9", name, path, worktree: "" });

test("a folder's session is named after it", () => {
  expect(sessionNameFor("/home/u/code/api", [live("main")])).toBe("api");
});

test("a second folder of the same name takes its parent's name too, then a number", () => {
  expect(sessionNameFor("/home/u/other/api", [live("api")])).toBe("other-api");
  expect(sessionNameFor("/home/u/other/api", [live("api"), live("other-api")])).toBe("other-api-2");
});

test("names are compared as tmux folds them (. and : become _)", () => {
  expect(sessionNameFor("/srv/my.app", [live("my_app")])).toBe("srv-my.app");
});
