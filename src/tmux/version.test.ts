import { describe, expect, test } from "bun:test";
import { TawError } from "../errors.ts";
import { checkSupported, features, parseVersion } from "./version.ts";

describe("version", () => {
  test.each([
    ["tmux 3.3a", 3, 3],
    ["tmux 3.2", 3, 2],
    ["tmux next-3.6", 3, 6],
    ["tmux 3.6b\n", 3, 6],
  ])("%s is %i.%i", (text, major, minor) => {
    expect(parseVersion(text)).toMatchObject({ major, minor });
  });

  test("a development build counts as new", () => {
    expect(parseVersion("tmux master")?.major).toBeGreaterThan(3);
  });

  test("below 3.2 is refused with a message that names the version and the fix", () => {
    const old = parseVersion("tmux 3.1c");
    if (!old) throw new Error("3.1c did not parse");
    expect(() => checkSupported(old)).toThrow(TawError);
    expect(() => checkSupported(old)).toThrow(/3\.1c is too old.*3\.2 or newer/);
  });

  test("features are gated by version", () => {
    const v33 = parseVersion("tmux 3.3a");
    const v36 = parseVersion("tmux 3.6");
    if (!v33 || !v36) throw new Error("versions did not parse");
    expect(features(v33)).toEqual({ popupBorderAndTitle: true, clientFocusHooks: false });
    expect(features(v36).clientFocusHooks).toBe(true);
  });
});
