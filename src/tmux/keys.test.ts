import { describe, expect, test } from "bun:test";
import { isTmuxKey } from "./keys.ts";
import type { TmuxVersion } from "./version.ts";

const v = (text: string): TmuxVersion => {
  const [major, minor] = text.split(".").map(Number) as [number, number];
  return { major, minor, text };
};
const V32 = v("3.2");
const V33 = v("3.3");
const V35 = v("3.5");
const ALL = [V32, V33, V35];

describe("tmux key names", () => {
  test.each([
    "Enter",
    "enter",
    "ESCAPE",
    "Tab",
    "BTab",
    "BSpace",
    "Space",
    "Up",
    "Down",
    "Left",
    "Right",
    "Home",
    "End",
    "PageUp",
    "PgUp",
    "PPage",
    "PageDown",
    "PgDn",
    "NPage",
    "IC",
    "Insert",
    "DC",
    "Delete",
    "F1",
    "F12",
    "KP0",
    "KP/",
    "KPEnter",
    "C-c",
    "c-c",
    "^c",
    "^C-x",
    "M-x",
    "m-Left",
    "C-M-S-Up",
    "S-F5",
    "C-Space",
    "C-Enter",
    "C-[",
    "C-?",
    "C--",
    "-",
    ";",
    "^",
    "a",
    "A",
    "~",
    "\x7f",
    "é",
    "M-é",
    "😀",
    "0x41",
    "0x1b",
    "0x7f",
    "0xe9",
  ])("%s is a key on every tmux taw supports", (name) => {
    for (const version of ALL) expect(isTmuxKey(name, version)).toBe(true);
  });

  test.each([
    "Entr",
    "Escap",
    "Return",
    "F13",
    "F20",
    "KP10",
    "hello",
    "C-",
    "X-a",
    "a-b",
    "--",
    "C-Entr",
    "",
    "\x01",
    "C-\x01",
    "e\u0301",
    "\u0085",
    "0x",
    "0x0",
    "0x41zz",
    "0x0x41",
    "0x85",
    "0xd800",
    "0x110000",
    "None",
    "Any",
    "User0",
    "MouseDown1",
    "WheelUp",
  ])("%j is no key: tmux would type it as text, or send nothing", (name) => {
    for (const version of ALL) expect(isTmuxKey(name, version)).toBe(false);
  });

  test("Ctrl with punctuation tmux cannot make a control code: no key before 3.5", () => {
    for (const name of ["C-~", "C-%", 'C-"', "^~", "C-{"]) {
      expect(isTmuxKey(name, V33)).toBe(false);
      expect(isTmuxKey(name, V35)).toBe(true);
    }
  });

  test("C-/, C-` and C-Escape are keys from 3.3; the [NUL]-style names from 3.5", () => {
    for (const name of ["C-/", "C-`", "C-Escape"]) {
      expect(isTmuxKey(name, V32)).toBe(false);
      expect(isTmuxKey(name, V33)).toBe(true);
    }
    expect(isTmuxKey("[ETX]", V33)).toBe(false);
    expect(isTmuxKey("[etx]", V35)).toBe(true);
  });
});
