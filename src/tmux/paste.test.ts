import { describe, expect, test } from "bun:test";
import type { TawError } from "../errors.ts";
import { checkPasteSize, PASTE_LIMIT_BYTES } from "./paste.ts";

describe("checkPasteSize", () => {
  test("up to the limit passes, counted in bytes", () => {
    expect(() => checkPasteSize("x".repeat(PASTE_LIMIT_BYTES))).not.toThrow();
  });

  test("one byte over is too_large, a usage error", () => {
    // "é" is two bytes: half the limit in characters is one byte over in bytes.
    const text = `${"é".repeat(PASTE_LIMIT_BYTES / 2)}x`;
    try {
      checkPasteSize(text);
      throw new Error("accepted");
    } catch (error) {
      expect((error as TawError).code).toBe("too_large");
      expect((error as TawError).exitCode).toBe(2);
    }
  });
});
