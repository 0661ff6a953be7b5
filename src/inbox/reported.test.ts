import { expect, test } from "bun:test";
import { reportedGroup } from "./reported.ts";

test("a reported block's words put it with the approvals, the questions or the setup screens", () => {
  const cases: [string, string][] = [
    ["Claude needs your permission to use Bash", "approval"],
    ["Permission required: bash (rm -rf build)", "approval"],
    ["Allow edit to src/main.ts?", "approval"],
    ["Claude is waiting for your input", "question"],
    ["Which file name should I use?", "question"],
    ["Please log in to continue", "setup"],
    ["Enter your API key", "setup"],
    ["Do you trust the files in this folder?", "setup"],
    ["blocked", "other"],
    ["", "other"],
  ];
  expect(cases.map(([message]) => [message, reportedGroup(message)])).toEqual(cases);
});
