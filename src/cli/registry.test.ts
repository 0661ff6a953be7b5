import { describe, expect, test } from "bun:test";
import { findCommand, verbWords } from "./registry.ts";

describe("findCommand", () => {
  test("the flags every verb takes may stand before the verb, like tmux's", () => {
    const found = findCommand(["-L", "work", "--json", "agent", "list"]);
    expect(found?.command.path).toEqual(["agent", "list"]);
    expect(found?.rest).toEqual(["-L", "work", "--json"]);
  });

  test("a verb's own flag ends its words, so what follows is an argument", () => {
    const found = findCommand(["engine", "--foreground", "status"]);
    expect(found?.command.path).toEqual(["engine"]);
    expect(found?.rest).toEqual(["--foreground", "status"]);
  });

  test("a word that is no verb stays an argument of the group's verb", () => {
    expect(findCommand(["engine", "stpo"])?.rest).toEqual(["stpo"]);
    expect(findCommand(["agent", "--help"])).toBeUndefined();
  });

  test("a flag's value is not a verb word", () => {
    expect(verbWords(["-S", "/tmp/sock", "tree"])).toEqual(["tree"]);
    expect(verbWords(["--socket-name=x", "pane", "list"])).toEqual(["pane", "list"]);
  });
});
