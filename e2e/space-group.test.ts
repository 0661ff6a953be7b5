// taw space set|clear on a real server: the label is a session option, taw tree (text and
// --json) groups sessions by it, and bad input changes nothing.

import { expect, test } from "bun:test";
import { useServers } from "./harness.ts";

const start = useServers();

test("space set / clear, and tree grouped by space", async () => {
  const s = await start({ session: "main" });
  for (const name of ["api", "web", "notes"]) await s.run("new-session", "-d", "-s", name, "sh");

  expect((await s.taw(["space", "set", "work", "-s", "web"])).code).toBe(0);
  const set = await s.taw(["space", "set", "work", "-s", "api", "--json"]);
  expect(set.json?.ok).toBe(true);
  expect(set.json?.result.space).toBe("work");
  expect((await s.taw(["space", "set", "home", "-s", "notes"])).code).toBe(0);
  expect((await s.run("show-options", "-qv", "-t", "api", "@taw_space")).trim()).toBe("work");

  const tree = await s.taw(["tree", "--json"]);
  const workspaces = tree.json?.result.workspaces as { name: string; space: string | null }[];
  // Spaces by name, tmux's order inside one, sessions in no space last.
  expect(workspaces.map((w) => [w.name, w.space])).toEqual([
    ["notes", "home"],
    ["api", "work"],
    ["web", "work"],
    ["main", null],
  ]);
  expect(
    tree.json?.result.spaces.map((x: { name: string; workspaces: string[] }) => [
      x.name,
      x.workspaces.length,
    ]),
  ).toEqual([
    ["home", 1],
    ["work", 2],
  ]);
  const text = (await s.taw(["tree"])).stdout;
  expect(text.indexOf("space home")).toBeLessThan(text.indexOf("space work"));
  expect(text.indexOf("space work")).toBeLessThan(text.indexOf("no space"));

  // A space exists while a session is in it.
  expect((await s.taw(["space", "clear", "-s", "notes"])).code).toBe(0);
  const after = await s.taw(["tree", "--json"]);
  expect(after.json?.result.spaces.map((x: { name: string }) => x.name)).toEqual(["work"]);

  // Bad input: one clear line, nothing changed.
  const missing = await s.taw(["space", "set", "work", "-s", "nosuch"]);
  expect(missing.code).not.toBe(0);
  expect(missing.stderr).toContain("no session 'nosuch'");
  expect(missing.stderr).not.toContain("    at ");
  const outside = await s.taw(["space", "set", "work"]);
  expect(outside.code).not.toBe(0);
  expect(outside.stderr).toContain("-s <session>");
}, 30_000);
