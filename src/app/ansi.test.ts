import { expect, test } from "bun:test";
import { clipLine, paletteColor, parseAnsi } from "./ansi.ts";

test("SGR colours and attributes become styled spans", () => {
  const [line] = parseAnsi("\x1b[31mred \x1b[1;32mbold green\x1b[0m plain");
  expect(line).toEqual([
    { text: "red ", fg: "#cd0000" },
    { text: "bold green", fg: "#00cd00", bold: true },
    { text: " plain" },
  ]);
});

test("256-colour and 24-bit colours, foreground and background", () => {
  const [line] = parseAnsi("\x1b[38;5;196;48;2;1;2;3mx\x1b[39;49my");
  expect(line?.[0]).toEqual({ text: "x", fg: "#ff0000", bg: "#010203" });
  expect(line?.[1]).toEqual({ text: "y" });
});

test("a style runs on into the next line, as capture-pane -e writes it", () => {
  const lines = parseAnsi("\x1b[34mblue\nstill blue\x1b[0m\nplain");
  expect(lines[1]).toEqual([{ text: "still blue", fg: "#0000ee" }]);
  expect(lines[2]).toEqual([{ text: "plain" }]);
});

test("other escape sequences are dropped, not printed", () => {
  const [line] = parseAnsi("a\x1b[2Kb\x1b]8;;http://x\x07c");
  expect(line).toEqual([{ text: "abc" }]);
});

test("the palette: base colours, the 6×6×6 cube and the grey ramp", () => {
  expect(paletteColor(9)).toBe("#ff0000");
  expect(paletteColor(16)).toBe("#000000");
  expect(paletteColor(231)).toBe("#ffffff");
  expect(paletteColor(232)).toBe("#080808");
});

test("clipLine cuts across spans at the width", () => {
  const clipped = clipLine([{ text: "abc", fg: "#fff" }, { text: "defg" }], 5);
  expect(clipped).toEqual([{ text: "abc", fg: "#fff" }, { text: "de" }]);
});
