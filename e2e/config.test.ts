// taw config path|check through the CLI: each kind of bad line gives its documented message.

import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTaw, type TawResult } from "./harness.ts";

/** taw with no server chosen: no TAW_* variable of the caller's leaks in. */
function taw(args: string[], env: Record<string, string>): Promise<TawResult> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith("TAW_")),
  ) as Record<string, string>;
  return runTaw(args, { ...base, ...env });
}

/** A config home holding taw/config.toml with `text`. */
function home(text?: string): { env: Record<string, string>; file: string } {
  const xdg = mkdtempSync(join(tmpdir(), "taw-xdg-"));
  const file = join(xdg, "taw", "config.toml");
  if (text !== undefined) {
    mkdirSync(join(xdg, "taw"), { recursive: true });
    writeFileSync(file, text);
  }
  return { env: { XDG_CONFIG_HOME: xdg }, file };
}

describe("taw config", () => {
  test("path follows XDG_CONFIG_HOME; a missing file is all defaults", async () => {
    const { env, file } = home();
    expect((await taw(["config", "path"], env)).stdout.trim()).toBe(file);
    const check = await taw(["config", "check"], env);
    expect(check.code).toBe(0);
    expect(check.stdout.trim()).toBe(`${file} does not exist: every setting is its default`);
  });

  test("a good file is ok", async () => {
    const { env, file } = home('[notify]\ndelay_seconds = 2\n[agents.claude]\nargs = ["--verbose"]\n');
    const check = await taw(["config", "check"], env);
    expect(check.code).toBe(0);
    expect(check.stdout.trim()).toBe(`${file}: ok`);
  });

  test("each kind of bad line, with its line and hint", async () => {
    const lines = [
      "[notify]", // 1
      "delai_seconds = 2", // 2 unknown key, near a known one
      'delay_seconds = "soon"', // 3 wrong type
      "message_seconds = 0", // 4 out of range
      'terminal = "osc8"', // 5 not in the list
      "[ui.colors]", // 6
      'done = "chartreuse-ish"', // 7 not a colour
      "[status]", // 8
      'format = "{blocked} {waiting}"', // 9 unknown placeholder
      "[agents.Claude]", // 10 bad name
      'command = "claude"', // 11
      "[hooks]", // 12
      'agent.finished = "echo"', // 13 unknown event
      "[colours]", // 14 unknown section
    ];
    const { env, file } = home(`${lines.join("\n")}\n`);
    const check = await taw(["config", "check"], env);
    expect(check.code).toBe(1);
    const expected = [
      `${file}:2: unknown key 'notify.delai_seconds' (did you mean 'notify.delay_seconds'?)`,
      `${file}:3: 'notify.delay_seconds' must be a number, not a string (write it like delay_seconds = 1)`,
      `${file}:4: 'notify.message_seconds' must be between 0.5 and 600 (the default is 5)`,
      `${file}:5: 'notify.terminal' must be one of auto, osc9, osc777, osc99, off (the default is "auto")`,
      `${file}:7: 'ui.colors.done' is not a colour:`,
      `${file}:9: 'status.format' has an unknown placeholder {waiting}`,
      `${file}:10: 'agents.Claude': the name 'Claude' is not allowed (use lower-case letters`,
      `${file}:13: unknown event 'hooks."agent.finished"' (known events here: agent.blocked, agent.done,`,
      `${file}:14: unknown key 'colours' (known keys here: ui, notify, status, worktree, sessionizer, scratch, pip, agents, hooks, sandbox, inbox, sessions, herdr, plugins, hosts, manifests)`,
    ];
    expect(check.stderr).toContain("9 problems in");
    for (const line of expected) expect(check.stderr).toContain(line);
    // In the order of the file.
    const order = expected.map((line) => check.stderr.indexOf(line));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  test("a syntax error: its line, and every setting its default", async () => {
    const { env, file } = home("[ui]\nascii = yes\n");
    const check = await taw(["config", "check", "--json"], env);
    expect(check.code).toBe(1);
    const error = JSON.parse(check.stdout).error;
    expect(error.code).toBe("config_invalid");
    expect(error.message).toContain(`${file}:2: not valid TOML:`);
    expect(error.message).toContain("until then every setting is its default");
  });
});
