// The README's install block, run literally as a new user runs it: a fresh clone, a fresh
// home with no ~/.local/bin, npm's global folder in scratch space. The clone stays clean,
// npm warns about nothing, and `taw` answers from PATH.

import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, userEnv } from "./harness.ts";

const TIMEOUT_MS = 180_000;
const scratch = mkdtempSync(join(tmpdir(), "taw-readme-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The shell lines of the README's "Install" section, with the clone's source filled in. */
function installBlock(): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.split(/^## /m).find((part) => part.startsWith("Install\n"));
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error("README.md has no ```sh block under ## Install");
  return block.replace("<this repository>", ROOT);
}

/** npm's cache as the developer's npm has it, so the install reads no package twice. */
function npmCache(): string {
  return Bun.spawnSync(["npm", "config", "get", "cache"]).stdout.toString().trim();
}

describe("the README's install block", () => {
  test(
    "runs line by line in a fresh home, leaves the clone clean, and puts taw on PATH",
    () => {
      const home = join(scratch, "home");
      const prefix = join(scratch, "npm-global");
      const work = join(scratch, "work");
      for (const dir of [home, prefix, work]) mkdirSync(dir);
      const env = userEnv({
        HOME: home,
        npm_config_prefix: prefix,
        npm_config_cache: npmCache(),
        PATH: `${join(prefix, "bin")}:${join(home, ".local", "bin")}:${process.env.PATH}`,
      });
      const run = Bun.spawnSync(["bash", "-euo", "pipefail", "-c", installBlock()], {
        cwd: work,
        env,
      });
      const output = `${run.stdout}${run.stderr}`;
      expect({ code: run.exitCode, output }).toMatchObject({ code: 0 });
      expect(output).not.toMatch(/npm warn/i);
      expect(output).toContain("run-shell");

      const clone = join(work, "tmux-agent-wizard");
      const status = Bun.spawnSync(["git", "status", "--porcelain"], { cwd: clone });
      expect(status.stdout.toString()).toBe("");
      for (const taw of [join(prefix, "bin", "taw"), join(home, ".local", "bin", "taw")]) {
        const version = Bun.spawnSync([taw, "--version"], { cwd: work, env });
        expect(version.stdout.toString()).toMatch(/^taw \d+\.\d+\.\d+/);
      }
    },
    TIMEOUT_MS,
  );

  test("every package installed runs on the Node version the README states", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const stated = readme.match(/Node (\d+)\.(\d+) or newer/);
    expect(stated).not.toBeNull();
    const node = `${stated?.[1]}.${stated?.[2]}.0`;
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
    const refused = Object.entries(lock.packages as Record<string, { engines?: { node?: string } }>)
      .filter(([, entry]) => entry.engines?.node && !Bun.semver.satisfies(node, entry.engines.node))
      .map(([name, entry]) => `${name} wants node ${entry.engines?.node}`);
    expect(refused).toEqual([]);
  });
});
