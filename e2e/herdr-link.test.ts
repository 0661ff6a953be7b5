// `taw setup --link-herdr`: taw's herdr linked by name beside taw on PATH (or ~/.local/bin),
// only when no herdr is on PATH; a second run changes nothing. A scratch HOME and PATH each.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, runTaw, TAW, userEnv } from "./harness.ts";

const HERDR = join(ROOT, "bin", "herdr");

function scratch() {
  const dir = mkdtempSync(join(tmpdir(), "taw-link-herdr-"));
  const home = join(dir, "home");
  const bin = join(dir, "bin");
  mkdirSync(home);
  mkdirSync(bin);
  return { dir, home, bin };
}

const envWith = (home: string, PATH: string) => ({ ...userEnv(), HOME: home, PATH });

describe("taw setup --link-herdr", () => {
  test("links taw's herdr beside taw on PATH; run by name it is taw; a second run changes nothing", async () => {
    const { home, bin } = scratch();
    symlinkSync(TAW, join(bin, "taw"));
    const env = envWith(home, `${bin}:/usr/bin:/bin`);
    const first = await runTaw(["setup", "--link-herdr"], env);
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toBe(`linked ${join(bin, "herdr")} -> ${HERDR}`);
    expect(readlinkSync(join(bin, "herdr"))).toBe(HERDR);
    // `herdr` by name answers as taw's herdr does.
    const run = Bun.spawnSync(["sh", "-c", "herdr pane report-agent"], { env, stderr: "pipe" });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.toString()).toContain("--source");
    const again = await runTaw(["setup", "--link-herdr", "--json"], env);
    expect(again.json?.result).toMatchObject({ status: "already", path: join(bin, "herdr") });
    expect(readlinkSync(join(bin, "herdr"))).toBe(HERDR);
  }, 30_000);

  test("a real herdr on PATH is named and left alone", async () => {
    const { dir, home, bin } = scratch();
    symlinkSync(TAW, join(bin, "taw"));
    const other = join(dir, "other");
    mkdirSync(other);
    writeFileSync(join(other, "herdr"), "#!/bin/sh\necho real\n", { mode: 0o755 });
    const env = envWith(home, `${bin}:${other}:/usr/bin:/bin`);
    const result = await runTaw(["setup", "--link-herdr"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`a herdr is already on PATH (${join(other, "herdr")}): left as it is`);
    expect(existsSync(join(bin, "herdr"))).toBe(false);
    expect(existsSync(join(home, ".local", "bin", "herdr"))).toBe(false);
  }, 30_000);

  test("with taw not on PATH it goes into ~/.local/bin, saying that folder is not on PATH", async () => {
    const { home } = scratch();
    const env = envWith(home, "/usr/bin:/bin");
    const result = await runTaw(["setup", "--link-herdr"], env);
    const link = join(home, ".local", "bin", "herdr");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`linked ${link} -> ${HERDR}`);
    expect(result.stdout).toContain(`${join(home, ".local", "bin")} is not on PATH: add it to PATH.`);
    expect(readlinkSync(link)).toBe(HERDR);
  }, 30_000);
});
