import { expect, test } from "bun:test";
import { sessionFromArgs } from "./resumed-session.ts";

test.each([
  ["codex resume {session_id}", ["resume", "0199-abc"], "0199-abc"],
  ["claude --resume {session_id}", ["--model", "opus", "--resume", "s-1"], "s-1"],
  ["goose session --resume --id {session_id}", ["session", "--resume", "--id", "g7"], "g7"],
  ["omp --resume={session_id}", ["--resume=/tmp/s.jsonl"], "/tmp/s.jsonl"],
  ["amp threads continue {session_id}", ["threads", "continue", "T-9"], "T-9"],
] as const)("%p with %p holds %p", (template, args, id) => {
  expect(sessionFromArgs(template, [...args])).toBe(id);
});

test.each([
  ["codex resume {session_id}", ["resume"]],
  ["codex resume {session_id}", ["exec", "resume-later"]],
  ["claude --resume {session_id}", ["--model", "opus"]],
  ["goose session --resume --id {session_id}", ["session", "--id", "g7"]],
  ["kiro-cli chat --resume", ["chat", "--resume"]],
] as const)("%p with %p holds no session id", (template, args) => {
  expect(sessionFromArgs(template, [...args])).toBeUndefined();
});

test("no template, no id", () => {
  expect(sessionFromArgs(undefined, ["--resume", "x"])).toBeUndefined();
});
