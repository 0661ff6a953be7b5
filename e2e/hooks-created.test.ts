// [hooks] workspace.created, tab.created and pane.created on a real server with its engine:
// each fires once for what tmux made, told of it as JSON on stdin.

import { expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnTaw, useServers, waitFor } from "./harness.ts";

const start = useServers();

test("a new session, window and pane each reach their hook once", async () => {
  const s = await start({ session: "main" });
  const dir = mkdtempSync(join(tmpdir(), "taw-hooks-created-"));
  const out = join(dir, "events.jsonl");
  // One write per hook: hooks run side by side.
  const record = `["sh", "-c", "printf '%s\\\\n' \\"$(cat)\\" >> ${out}"]`;
  writeFileSync(
    join(dir, "config.toml"),
    `[hooks]\n"workspace.created" = ${record}\n"tab.created" = ${record}\n"pane.created" = ${record}\n`,
  );
  const proc = spawnTaw(
    ["engine", "--foreground"],
    s.env({ TAW_CONFIG_DIR: dir, TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-state-")) }),
  );
  try {
    await waitFor(
      async () => (await s.run("show-options", "-gqv", "@agent_wizard_engine")).trim() !== "" || undefined,
      10_000,
      "the engine",
    );
    await Bun.sleep(1000);
    await s.run("new-session", "-d", "-s", "fresh", "sh");
    await s.run("split-window", "-d", "-t", "fresh", "sh");
    const events = await waitFor(
      () => {
        if (!existsSync(out)) return undefined;
        const lines = readFileSync(out, "utf8")
          .split("\n")
          .filter((l) => l.trim());
        const parsed = lines.map((l) => JSON.parse(l));
        const names = parsed.map((e) => e.event);
        return names.includes("workspace.created") &&
          names.includes("tab.created") &&
          names.filter((n) => n === "pane.created").length >= 2
          ? parsed
          : undefined;
      },
      15_000,
      "the created hooks",
    );
    const workspace = events.filter((e) => e.event === "workspace.created");
    expect(workspace).toHaveLength(1);
    expect(workspace[0]).toMatchObject({
      workspace_name: "fresh",
      workspace_id: expect.stringMatching(/^w\d+$/),
    });
    expect(events.filter((e) => e.event === "tab.created")).toHaveLength(1);
  } finally {
    proc.kill();
    await proc.exited;
  }
}, 40_000);

test("a tab made by `taw tab create` is told to its hook as the verb answered it, read once; the hand-over is taken off", async () => {
  const s = await start({ session: "main" });
  const dir = mkdtempSync(join(tmpdir(), "taw-hooks-created-"));
  const out = join(dir, "events.jsonl");
  const record = `["sh", "-c", "printf '%s\\\\n' \\"$(cat)\\" >> ${out}"]`;
  writeFileSync(join(dir, "config.toml"), `[hooks]\n"tab.created" = ${record}\n`);
  const env = { TAW_CONFIG_DIR: dir, TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-state-")) };
  const proc = spawnTaw(["engine", "--foreground"], s.env(env));
  const told = (tab: string) =>
    existsSync(out)
      ? readFileSync(out, "utf8")
          .split("\n")
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l))
          .filter((e) => e.tab_id === tab)
      : [];
  try {
    await waitFor(
      async () => (await s.run("show-options", "-gqv", "@agent_wizard_engine")).trim() !== "" || undefined,
      10_000,
      "the engine",
    );
    const made = await s.taw(["tab", "create", "--workspace", "main", "--json"], env);
    expect(made.code).toBe(0);
    const { tab_id: tab, tmux_id: window, name } = made.json?.result ?? {};
    // Renamed the moment the verb answers (as automatic-rename does once its shell starts): the
    // engine's own read would now say "renamed", the verb's says `name`.
    await s.run("rename-window", "-t", window, "renamed");
    await waitFor(() => told(tab).length === 1 || undefined, 10_000, "the tab.created hook");
    expect(told(tab)[0]).toMatchObject({ event: "tab.created", tab_id: tab, tab_name: name });
    expect(name).not.toBe("renamed");
    // Taken off by the engine as it read it, and the verb's mark with it.
    expect((await s.run("show-options", "-wqv", "-t", window, "@agent_wizard_created")).trim()).toBe("");
    expect((await s.run("show-options", "-gqv", "@agent_wizard_making")).trim()).toBe("");

    // A window plain tmux made carries nothing, and its hook is told the engine's read of it.
    const plain = (await s.run("new-window", "-d", "-P", "-F", "#{window_id}", "-n", "plain", "sh")).trim();
    const plainTab = `w${(await s.run("display-message", "-p", "-t", plain, "#{session_id}")).trim().slice(1)}:t${plain.slice(1)}`;
    await waitFor(() => told(plainTab).length === 1 || undefined, 10_000, "the plain window's hook");
    expect(told(plainTab)[0]).toMatchObject({ tab_name: "plain" });
    expect((await s.run("show-options", "-wqv", "-t", plain, "@agent_wizard_created")).trim()).toBe("");
    await Bun.sleep(500);
    expect(told(tab)).toHaveLength(1);
  } finally {
    proc.kill();
    await proc.exited;
  }
}, 40_000);
