import { expect, test } from "bun:test";
import { editLine, keyName } from "./keys.ts";

const key = (
  name: string,
  sequence = name,
  mods: { ctrl?: boolean; meta?: boolean; shift?: boolean } = {},
) => ({
  name,
  sequence,
  ctrl: mods.ctrl ?? false,
  meta: mods.meta ?? false,
  shift: mods.shift ?? false,
});

test("key names: named keys by name, typed characters as typed, modifiers spelled out", () => {
  expect(keyName(key("return", "\r"))).toBe("return");
  expect(keyName(key("s", "S", { shift: true }))).toBe("S");
  expect(keyName(key("?", "?"))).toBe("?");
  expect(keyName(key("u", "\x15", { ctrl: true }))).toBe("ctrl+u");
  expect(keyName(key("space", " "))).toBe("space");
});

test("the line editor: type, backspace, delete a word, clear", () => {
  expect(editLine("ab", "c", "c")).toBe("abc");
  expect(editLine("abc", "backspace", "\b")).toBe("ab");
  expect(editLine("fix the tests", "ctrl+w", "")).toBe("fix the ");
  expect(editLine("abc", "ctrl+u", "")).toBe("");
  expect(editLine("abc", "up", "")).toBeUndefined();
});
