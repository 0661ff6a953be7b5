import { describe, expect, test } from "bun:test";
import { sessionNameNote, withNameNote } from "./name-note.ts";

describe("sessionNameNote", () => {
  test("a name tmux changed is said, with the name it has now", () => {
    expect(sessionNameNote("a:b.c", "a_b_c")).toStartWith('session "a:b.c" was created as "a_b_c"');
    expect(sessionNameNote("a.b", "a_b", "renamed")).toStartWith('session "a.b" was renamed as "a_b"');
  });

  test("a name tmux kept, or none asked for, says nothing", () => {
    expect(sessionNameNote("api", "api")).toBe("");
    expect(sessionNameNote(undefined, "3")).toBe("");
    expect(withNameNote("w1 w1:t1 w1:p1", "api", "api")).toBe("w1 w1:t1 w1:p1");
  });
});
