import { afterEach, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { AgentPane } from "./pane.ts";
import { disposeScratch, makeScratch, processesUsing, type Scratch } from "./scratch.ts";

let pane: AgentPane | undefined;
let scratch: Scratch | undefined;
afterEach(async () => {
  await pane?.kill();
  if (scratch) await disposeScratch(scratch);
  pane = undefined;
  scratch = undefined;
});

async function shellPane(): Promise<AgentPane> {
  scratch = makeScratch("panetest");
  pane = await AgentPane.start({
    argv: ["bash", "--norc", "--noprofile"],
    env: scratch.env,
    cwd: scratch.project,
  });
  await pane.waitFor(/[$#]$/m, 5000, "the shell prompt");
  return pane;
}

test("argv is the foreground group leader's: the shell at rest, the command it runs in front", async () => {
  const p = await shellPane();
  expect(await p.argv()).toEqual(["bash", "--norc", "--noprofile"]);
  await p.type("sleep 30 | cat");
  await p.keys("Enter");
  const deadline = Date.now() + 5000;
  let argv: string[] = [];
  while (Date.now() < deadline && argv[0] !== "sleep") {
    argv = await p.argv();
    await Bun.sleep(50);
  }
  expect(argv).toEqual(["sleep", "30"]);
});

test("a title nobody set reads as empty; a title set with OSC 2 reads back exactly", async () => {
  const p = await shellPane();
  expect(await p.title()).toBe("");
  await p.type("printf '\\033]2;  padded title  \\033\\\\'");
  await p.keys("Enter");
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && (await p.title()) === "") await Bun.sleep(50);
  expect(await p.title()).toBe("  padded title  ");
});

test("disposing a scratch HOME ends the processes started with it and removes the folder", async () => {
  const own = makeScratch("disposetest");
  const child = Bun.spawn(["sleep", "60"], { env: own.env, stdin: "ignore", stdout: "ignore" });
  await Bun.sleep(100);
  expect(processesUsing(own.home)).toContain(child.pid);
  await disposeScratch(own);
  expect(await child.exited).not.toBe(0);
  expect(processesUsing(own.home)).toEqual([]);
  expect(existsSync(own.home)).toBe(false);
});
