import { describe, expect, test } from "bun:test";
import { writeFailure } from "./write-error.ts";

const errno = (code: string) => Object.assign(new Error(`${code}: something, open '/s/x'`), { code });

describe("writeFailure", () => {
  test("each errno says its own cause and remedy, naming the folder", () => {
    expect(writeFailure(errno("EROFS"), "/s")).toBe(
      "/s is on a read-only file system: point TAW_STATE_DIR at a writable folder (EROFS)",
    );
    for (const code of ["EACCES", "EPERM"]) {
      const said = writeFailure(errno(code), "/s");
      expect(said).toStartWith("permission denied writing in /s: ");
      expect(said).toEndWith(`(${code})`);
    }
    expect(writeFailure(errno("ENOSPC"), "/s")).toBe(
      "no space left on the disk that holds /s: free some space (ENOSPC)",
    );
    expect(writeFailure(errno("EISDIR"), "/s")).toContain("something in the way in /s");
  });

  test("only a full disk is told to free space", () => {
    for (const code of ["EROFS", "EACCES", "EPERM", "ENOTDIR", "EISDIR", "EIO"])
      expect(writeFailure(errno(code), "/s")).not.toContain("free some space");
  });

  test("another errno keeps its own message; an error without one is not a write failure", () => {
    expect(writeFailure(errno("EIO"), "/s")).toBe("cannot write in /s: EIO: something, open '/s/x'");
    expect(writeFailure(new Error("bug"), "/s")).toBeUndefined();
  });
});
