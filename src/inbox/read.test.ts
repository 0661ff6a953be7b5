// The inbox's reads against a real private tmux server: every blocked pane in one tmux
// process (one more per failed command), each read as `read` reads it alone, and a closed
// pane or an unknown kind left out.

import { afterAll, expect, test } from "bun:test";
import { resolve } from "node:path";
import { loadManifests } from "../detect/manifest.ts";
import { Tmux } from "../tmux/client.ts";
import { PromptReader } from "./read.ts";

const SCREENS = resolve(import.meta.dir, "..", "..", "e2e", "fixtures", "screens");
const SCREEN = `${SCREENS}/claude/blocked-permission-bash.txt`;
const socketName = `taw-inbox-read-test-${process.pid}`;
const tmux = new Tmux({ socketName });
const reader = new PromptReader(() => loadManifests({ userDir: "/nonexistent" }));

await tmux.run(["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "120", "-y", "50", "sh"]);
afterAll(() => tmux.tryRun(["kill-server"]));

/** A pane showing the recorded permission prompt (40 rows, under the window's 50), and one
 * showing a shell. */
async function panes(): Promise<{ prompt: string; shell: string }> {
  const open = async (command: string) =>
    (await tmux.run(["new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main:", command])).trim();
  const prompt = await open(`cat '${SCREEN}'; exec sleep 60`);
  const shell = await open("exec sleep 60");
  for (let tries = 0; ; tries++) {
    if ((await tmux.run(["capture-pane", "-p", "-t", prompt])).includes("Do you want to proceed?")) break;
    if (tries === 100) throw new Error("the recorded prompt never showed");
    await Bun.sleep(20);
  }
  return { prompt, shell };
}

test("readAll reads many panes in one tmux process, as read reads each", async () => {
  const { prompt, shell } = await panes();
  const before = tmux.spawned;
  const reads = await reader.readAll(tmux, [
    { paneId: prompt, kind: "claude" },
    { paneId: shell, kind: "codex" },
    { paneId: shell, kind: "no-such-agent" },
  ]);
  expect(tmux.spawned - before).toBe(1);
  expect([...reads.keys()].sort()).toEqual([prompt, shell].sort());
  const alone = await reader.read(tmux, prompt, "claude");
  expect(reads.get(prompt)?.state).toBe("blocked");
  expect(reads.get(prompt)?.promptId).toBeDefined();
  expect(reads.get(prompt)?.promptId).toBe(alone?.promptId as string);
  // The same screen, to the blank rows at its bottom, as `read` gives `answer`.
  expect(reads.get(prompt)?.screen).toBe(alone?.screen as string);
  expect(reads.get(shell)?.state).not.toBe("blocked");
});

test("a pane that closed between the listing and the read is left out, and the panes after it are read", async () => {
  const { prompt, shell } = await panes();
  const reads = await reader.readAll(tmux, [
    { paneId: shell, kind: "codex" },
    { paneId: "%999", kind: "claude" },
    { paneId: prompt, kind: "claude" },
  ]);
  expect([...reads.keys()].sort()).toEqual([prompt, shell].sort());
  expect(reads.get(prompt)?.state).toBe("blocked");
  expect(reads.get(prompt)?.promptId).toBe((await reader.read(tmux, prompt, "claude"))?.promptId as string);
  // Read alone, a closed pane is an error that says so, not an empty read.
  await expect(reader.read(tmux, "%999", "claude")).rejects.toMatchObject({ code: "not_found" });
});

test("readAll with nothing to read starts no tmux process", async () => {
  const before = tmux.spawned;
  expect((await reader.readAll(tmux, [{ paneId: "%1", kind: "no-such-agent" }])).size).toBe(0);
  expect(tmux.spawned).toBe(before);
});
