// A save killed with SIGKILL at any moment leaves the last good session file, readable and
// restorable; what the killed writer left half-written never reads as a session and is
// swept by the next save.

import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnTaw, useServers, waitFor } from "./harness.ts";

const server = useServers();
const scratches: string[] = [];
afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const PANES = 12;
const KILLS = 8;

const leftoversIn = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? leftoversIn(join(folder, entry.name))
      : entry.name.endsWith(".tmp")
        ? [entry.name]
        : [],
  );
describe("a save killed mid-write", () => {
  test("SIGKILL at any moment leaves a readable file; leftovers are swept; the session restores", async () => {
    const s = await server();
    const root = mkdtempSync(join(tmpdir(), "taw-session-kill-"));
    scratches.push(root);
    const state = join(root, "state");
    const env = s.env({ TAW_STATE_DIR: state, HOME: root, SHELL: "/bin/sh" });
    for (let made = 1; made < PANES; made++) {
      await s.run("split-window", "-t", "main:0", "sh");
      await s.run("select-layout", "-t", "main:0", "tiled");
    }
    // History to save: each pane prints a few hundred lines.
    const panes = (await s.run("list-panes", "-t", "main", "-F", "#{pane_id}")).trim().split("\n");
    for (const pane of panes) await s.run("send-keys", "-t", pane, "seq 1 400", "Enter");
    await waitFor(async () => (await s.run("capture-pane", "-p", "-t", panes.at(-1) ?? "")).includes("400"));

    const first = spawnTaw(["session", "save"], env);
    expect(await first.exited).toBe(0);
    const dir = join(state, "sessions", s.name);
    const file = join(dir, "main.json");
    const good = JSON.parse(readFileSync(file, "utf8"));
    expect(good.windows[0].panes).toHaveLength(PANES);

    // Kill later each time: before, during and after the writes.
    for (let kill = 0; kill < KILLS; kill++) {
      await s.run("rename-window", "-t", "main:0", `take ${kill}`);
      const save = spawnTaw(["session", "save"], env);
      await Bun.sleep(60 + kill * 60);
      save.kill("SIGKILL");
      await save.exited;
      const saved = JSON.parse(readFileSync(file, "utf8"));
      expect(saved.windows[0].panes).toHaveLength(PANES);
      expect(saved.windows[0].name).toMatch(/^(bash|sh|take \d)$/);
    }

    // A writer killed between its write and its rename leaves a temp file: it never reads as
    // a session, and the next save sweeps it (one left by a live writer is not touched).
    const orphan = join(dir, `.${Date.now()}-999999-abcdef.tmp`);
    writeFileSync(orphan, '{"version":1,"windows":[');
    const writing = `.${Date.now()}-${process.pid}-ghijkl.tmp`;
    writeFileSync(join(dir, writing), "{");
    const listed = await s.taw(["session", "list", "--json"], env);
    expect(listed.json?.result.sessions.map((x: { name: string }) => x.name)).toEqual(["main"]);
    await s.run("rename-window", "-t", "main:0", "final");
    const last = spawnTaw(["session", "save"], env);
    expect(await last.exited).toBe(0);
    expect(leftoversIn(dir)).toEqual([writing]);
    rmSync(join(dir, writing));
    expect(JSON.parse(readFileSync(file, "utf8")).windows[0].name).toBe("final");

    await s.run("kill-server");
    const restored = await s.taw(["session", "restore", "main", "--json"], env);
    expect(restored.json?.result.restored).toEqual([
      expect.objectContaining({ session: "main", panes: PANES }),
    ]);
  }, 60_000);
});
