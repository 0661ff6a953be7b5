import { describe, expect, test } from "bun:test";
import { setOption, showOption, unsetOption } from "../src/tmux/options.ts";
import type { PaneChange } from "../src/watch/diff.ts";
import { Poller } from "../src/watch/poller.ts";
import { useServers, waitFor } from "./harness.ts";

const server = useServers();

describe("the tmux client on a real server", () => {
  test("a batch runs in one process and returns each command's output", async () => {
    const s = await server();
    const before = s.tmux.spawned;
    const results = await s.tmux.batch([
      ["display-message", "-p", "one"],
      ["display-message", "-p", ""],
      ["list-sessions", "-F", "#{session_name}"],
    ]);
    expect(s.tmux.spawned - before).toBe(1);
    expect(results.map((r) => r.output)).toEqual(["one", "", "main"]);
  });

  test("a command that fails mid-batch is reported, and the commands after it still run", async () => {
    const s = await server();
    const results = await s.tmux.batch([
      ["display-message", "-p", "before"],
      ["capture-pane", "-p", "-t", "%999"],
      ["display-message", "-p", "after"],
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(results[1]?.error).toContain("can't find pane");
    expect(results[2]?.output).toBe("after");
  });

  test("a batch longer than tmux takes on one command line runs whole, in a few processes", async () => {
    const s = await server();
    const value = (n: number) => `title ${n} ${"ü".repeat(120)}`;
    const commands = Array.from({ length: 300 }, (_, n) => ["set-option", "-s", `@big_${n}`, value(n)]);
    const before = s.tmux.spawned;
    const results = await s.tmux.batch(commands);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    // About 75 KiB of words: five or six command lines, not one per command.
    expect(s.tmux.spawned - before).toBeLessThan(10);
    const shown = await s.run("show-options", "-s");
    for (const n of [0, 150, 299]) expect(shown).toContain(`@big_${n} "${value(n)}"`);
  });

  test("options at each scope are set, read and unset in one batch each", async () => {
    const s = await server();
    const pane = { kind: "pane", target: "main:0.0" } as const;
    const global = { kind: "global" } as const;
    await s.tmux.batch([
      setOption(pane, "@agent_kind", "codex;"),
      setOption(global, "@taw_test", "#{x} 50%"),
    ]);
    const read = await s.tmux.batch([showOption(pane, "@agent_kind"), showOption(global, "@taw_test")]);
    expect(read.map((r) => r.output)).toEqual(["codex;", "#{x} 50%"]);
    await s.tmux.batch([unsetOption(pane, "@agent_kind"), unsetOption(global, "@taw_test")]);
    const gone = await s.tmux.batch([showOption(pane, "@agent_kind"), showOption(global, "@taw_test")]);
    expect(gone.map((r) => r.output)).toEqual(["", ""]);
  });
});

describe("the poller", () => {
  test("reports panes added, renamed, moved and closed", async () => {
    const s = await server();
    const seen: PaneChange[][] = [];
    const poller = new Poller(
      s.tmux,
      { onSnapshot: (_, changes) => seen.push(changes), onError: () => {} },
      100,
    );
    poller.start();
    try {
      await waitFor(() => seen.length > 0, 3000, "the first snapshot");
      expect(seen[0]?.map((c) => c.type)).toEqual(["added"]);
      const id = (await s.run("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main:0", "sh")).trim();
      await waitFor(() => seen.flat().some((c) => c.type === "added" && c.pane.id === id), 3000, "added");
      await s.run("rename-session", "-t", "main", "renamed");
      await waitFor(
        () => seen.flat().some((c) => c.type === "renamed" && c.what === "session"),
        3000,
        "renamed",
      );
      await s.run("break-pane", "-d", "-s", id);
      await waitFor(() => seen.flat().some((c) => c.type === "moved" && c.pane.id === id), 3000, "moved");
      await s.run("kill-pane", "-t", id);
      await waitFor(() => seen.flat().some((c) => c.type === "closed" && c.pane.id === id), 3000, "closed");
    } finally {
      poller.stop();
    }
  });
});
