import { describe, expect, test } from "bun:test";
import { parseConfig } from "../config/load.ts";
import { fail, formatCheck, ok, warn } from "./check.ts";
import { checkConfig } from "./files.ts";

describe("doctor lines", () => {
  test("ok, warn and FAIL, each with its fix", () => {
    expect(formatCheck(ok("tmux", "tmux 3.3a"))).toBe("ok   tmux: tmux 3.3a");
    expect(formatCheck(warn("plugin", "not loaded", "load it"))).toBe("warn plugin: not loaded — load it");
    expect(formatCheck(fail("engine", "none runs", "taw engine"))).toBe(
      "FAIL engine: none runs — taw engine",
    );
  });

  test("config problems name the file and line", () => {
    const path = "/c/config.toml";
    const parsed = parseConfig("[notify]\nsytem = true\n");
    const check = checkConfig({ ...parsed, path, exists: true });
    expect(check.level).toBe("fail");
    expect(check.detail).toStartWith(`${path}:2: `);
    expect(checkConfig({ ...parseConfig(""), path, exists: false }).level).toBe("ok");
  });
});
