// Sessions come back whole: a pane's history as long as tmux kept it, and the programs on
// the restore list run again in their folders.

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AWAY, type TestServer, userEnv, useServers, waitFor } from "./harness.ts";

const server = useServers();
const scratches: string[] = [];
afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(config = "") {
  const root = mkdtempSync(join(tmpdir(), "taw-session-whole-"));
  scratches.push(root);
  mkdirSync(join(root, "config"));
  writeFileSync(join(root, "config", "config.toml"), `[sessions]\nresume_agents = "never"\n${config}`);
  const env = {
    TAW_STATE_DIR: join(root, "state"),
    TAW_CONFIG_DIR: join(root, "config"),
    HOME: root,
    SHELL: "/bin/sh",
  };
  return { root, env };
}

const shows = async (s: TestServer, pane: string, text: string, history = false) =>
  (await s.run("capture-pane", "-p", ...(history ? ["-S", "-"] : []), "-t", pane)).includes(text);

/** Once the pane's shell is at its prompt, echo `text` and wait until it shows. */
async function echo(s: TestServer, pane: string, text: string) {
  await waitFor(async () => (await s.run("capture-pane", "-p", "-t", pane)).trim() !== "", 5000, "a prompt");
  await s.run("send-keys", "-t", pane, `echo ${text}`, "Enter");
  await waitFor(() => shows(s, pane, `${text}\n`), 5000, `${text} shown`);
}

describe("history kept whole", () => {
  test("3,000 lines of a pane's history come back, all of them", async () => {
    const s = await server();
    const { env } = scratch();
    await s.run("set-option", "-g", "history-limit", "5000");
    await s.run("new-window", "-t", "main:1", "sh");
    await waitFor(
      async () => (await s.run("capture-pane", "-p", "-t", "main:1")).trim() !== "",
      5000,
      "a prompt",
    );
    await s.run(
      "send-keys",
      "-t",
      "main:1",
      'awk \'BEGIN { for (i = 0; i < 3000; i++) print "row " i " done" }\'',
      "Enter",
    );
    await waitFor(() => shows(s, "main:1", "row 2999 done"), 10_000, "the lines printed");
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-server");

    await s.taw(["session", "restore", "main"], env);
    await waitFor(() => shows(s, "main:1", "fresh shell in", true), 10_000, "the divider");
    const restored = await s.run("capture-pane", "-p", "-S", "-", "-t", "main:1");
    for (const row of [0, 1, 1500, 2999]) expect(restored).toContain(`row ${row} done\n`);
  }, 30_000);
});

describe("programs run again", () => {
  test("a less on the restore list runs again with its exact command line in its folder; a shell stays a shell", async () => {
    const s = await server();
    const { root, env } = scratch();
    const folder = join(root, "notes dir");
    mkdirSync(folder);
    writeFileSync(join(folder, "my notes.txt"), "first note\nsecond note\n");
    await s.run("new-window", "-t", "main:1", "-c", folder, "sh");
    await waitFor(
      async () => (await s.run("capture-pane", "-p", "-t", "main:1")).trim() !== "",
      5000,
      "a prompt",
    );
    await s.run("send-keys", "-t", "main:1", "less -N 'my notes.txt'", "Enter");
    const current = async (pane: string) =>
      (
        await s.run("display-message", "-p", "-t", pane, "#{pane_current_command}|#{pane_current_path}")
      ).trim();
    await waitFor(async () => (await current("main:1")) === `less|${folder}`, 5000, "less in front");
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-server");

    await s.taw(["session", "restore", "main"], env);
    await waitFor(async () => (await current("main:1")) === `less|${folder}`, 10_000, "less again");
    await waitFor(() => shows(s, "main:1", "      2 second note"), 5000, "its file numbered, as -N does");
    expect((await current("main:0")).split("|")[0]).toBe("sh");
  }, 30_000);
});

describe("restore --merge", () => {
  test("a closed window comes back into its live session; the live windows are left exactly as they are", async () => {
    const s = await server();
    const { root, env } = scratch();
    const logs = join(root, "logs");
    mkdirSync(logs);
    await s.run("new-window", "-t", "main:1", "-n", "logs", "-c", logs, "sh");
    await s.run("split-window", "-t", "main:1", "-c", logs, "sh");
    await s.run("new-window", "-t", "main:2", "-n", "kept", "sh");
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-window", "-t", "main:1");
    // The live session changes after its save: a split and another window, both to be kept.
    await s.run("split-window", "-t", "main:2", "sh");
    await s.run("select-window", "-t", "main:0");
    const windows = async () =>
      (
        await s.run(
          "list-windows",
          "-t",
          "main",
          "-F",
          "#{window_index} #{window_name} #{window_panes} #{window_active} #{window_layout}",
        )
      )
        .trim()
        .split("\n");
    const paneIds = async (window: string) =>
      (await s.run("list-panes", "-t", window, "-F", "#{pane_id}")).trim();
    // tmux names a window after its program a moment after making it.
    await waitFor(async () => !(await windows()).some((line) => / (bash|tmux) /.test(line)));
    const before = await windows();
    const livePanes = [await paneIds("main:0"), await paneIds("main:2")];

    const plain = await s.taw(["session", "restore", "main"], env);
    expect(plain.stdout).toContain("main is live: left as it is");
    const merged = await s.taw(["session", "restore", "main", "--merge", "--json"], env);
    expect(merged.code).toBe(0);
    expect(merged.json?.result.merged).toEqual([
      expect.objectContaining({ session: "main", windows: 1, panes: 2 }),
    ]);
    const after = await windows();
    expect(after).toHaveLength(3);
    expect(after.filter((line) => !line.startsWith("1 "))).toEqual(before);
    expect(after.find((line) => line.startsWith("1 "))).toMatch(/^1 logs 2 0 /);
    expect([await paneIds("main:0"), await paneIds("main:2")]).toEqual(livePanes);
    const folders = (await s.run("list-panes", "-t", "main:1", "-F", "#{pane_current_path}"))
      .trim()
      .split("\n");
    expect(folders).toEqual([logs, logs]);

    const again = await s.taw(["session", "restore", "main", "--merge", "--json"], env);
    expect(again.json?.result.merged).toEqual([expect.objectContaining({ windows: 0, panes: 0 })]);
    expect(await windows()).toEqual(after);
  }, 30_000);

  test("a closed pane comes back into its live window; the live pane keeps its process and stays active", async () => {
    const s = await server();
    const { root, env } = scratch();
    const [left, right] = [join(root, "left"), join(root, "right")];
    for (const dir of [left, right]) mkdirSync(dir);
    await s.run("new-window", "-t", "main:1", "-c", left, "sh");
    await s.run("split-window", "-t", "main:1", "-c", right, "sh");
    await s.taw(["session", "save", "main"], env);
    // The second pane closes; the surviving one is made the active pane again.
    await s.run("kill-pane", "-t", "main:1.1");
    const panes = async () =>
      (
        await s.run(
          "list-panes",
          "-t",
          "main:1",
          "-F",
          "#{pane_id} #{pane_pid} #{pane_active} #{pane_current_path}",
        )
      )
        .trim()
        .split("\n");
    const [survivor = ""] = await panes();
    expect(survivor).toEndWith(` 1 ${left}`);

    const merged = await s.taw(["session", "restore", "main", "--merge", "--json"], env);
    expect(merged.code).toBe(0);
    expect(merged.json?.result.merged).toEqual([
      expect.objectContaining({
        windows: 0,
        panes: 1,
        windows_added: [],
        panes_added: [{ window: 1, pane: 1, cwd: right }],
      }),
    ]);
    await waitFor(async () => (await panes()).length === 2, 5000, "the pane back");
    const [kept, back = ""] = await panes();
    expect(kept).toBe(survivor);
    expect(back).toEndWith(` 0 ${right}`);

    const again = await s.taw(["session", "restore", "main", "--merge", "--json"], env);
    expect(again.json?.result.merged).toEqual([
      expect.objectContaining({ windows: 0, panes: 0, panes_added: [] }),
    ]);
    expect(await panes()).toEqual([kept ?? "", back]);
  }, 30_000);
});

describe("earlier saves", () => {
  test("two saves are listed by history; the older one is restored with --from, its history with it", async () => {
    const s = await server();
    const { env } = scratch();
    await echo(s, "main:0", "older-mark");
    await s.taw(["session", "save", "main"], env);
    await s.run("new-window", "-t", "main:1", "sh");
    await s.run("send-keys", "-t", "main:0", "clear", "Enter");
    await s.taw(["session", "save", "main"], env);

    const history = await s.taw(["session", "history", "main", "--json"], env);
    expect(history.code).toBe(0);
    const saves = history.json?.result.saves as { id: string; current: boolean; windows: number }[];
    expect(saves.map((save) => [save.current, save.windows])).toEqual([
      [true, 2],
      [false, 1],
    ]);
    const text = await s.taw(["session", "history", "main"], env);
    expect(text.stdout).toContain(saves[1]?.id ?? "?");

    await s.run("kill-server");
    const wrong = await s.taw(["session", "restore", "main", "--from", "nope"], env);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain("no earlier save 'nope' of 'main'");
    const restored = await s.taw(["session", "restore", "main", "--from", saves[1]?.id ?? ""], env);
    expect(restored.stdout).toContain("restored main: 1 windows, 1 panes");
    await waitFor(() => shows(s, "main:0", "fresh shell in", true), 5000, "the divider");
    expect(await shows(s, "main:0", "older-mark", true)).toBe(true);
    // The last save it replaced is still offered.
    const after = (await s.taw(["session", "history", "main", "--json"], env)).json?.result.saves;
    expect(after.map((save: { windows: number }) => save.windows)).toEqual([2, 1]);
  }, 30_000);
});

describe("session list", () => {
  test("groups the saved sessions by space", async () => {
    const s = await server();
    const { env } = scratch();
    for (const name of ["b-side", "a-plain", "c-side"]) await s.run("new-session", "-d", "-s", name, "sh");
    for (const name of ["b-side", "c-side"]) await s.run("set-option", "-t", name, "@taw_space", "side");
    await s.taw(["session", "save"], env);
    const listed = await s.taw(["session", "list", "--json"], env);
    expect(
      listed.json?.result.sessions.map((x: { name: string; space: string | null }) => [x.name, x.space]),
    ).toEqual([
      ["a-plain", null],
      ["b-side", "side"],
      ["c-side", "side"],
      ["main", null],
    ]);
    const rows = (await s.taw(["session", "list"], env)).stdout.trim().split("\n").slice(1);
    expect(rows.map((row) => row.split(/\s+/).slice(0, 2).join(" "))).toEqual([
      "- a-plain",
      " main", // the space named once, above its sessions
      "side b-side",
      " c-side",
    ]);
  });
});

describe("the server's default-command", () => {
  test("a restored pane with history runs the server's default-command after it, as a new pane would", async () => {
    const s = await server();
    const { env } = scratch();
    await echo(s, "main:0", "kept-line");
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-session", "-t", "main");
    await s.run("set-option", "-g", "default-command", "echo from-default-command; exec sh");

    await s.taw(["session", "restore", "main"], env);
    await waitFor(() => shows(s, "main:0", "from-default-command", true), 5000, "the default-command run");
    const lines = (await s.run("capture-pane", "-p", "-S", "-", "-t", "main:0")).split("\n");
    const kept = lines.indexOf("kept-line");
    expect(kept).toBeGreaterThan(-1);
    expect(lines.indexOf("from-default-command")).toBeGreaterThan(kept);
  }, 20_000);
});

describe("session options", () => {
  test("the options set on a session come back with it; taw's own marks are not among them", async () => {
    const s = await server();
    const { env } = scratch();
    await s.run("set-option", "-t", "main", "status-left", 'left "q" $HOME #{session_name} ; x');
    await s.run("set-option", "-t", "main", "mouse", "on");
    await s.run("set-option", "-t", "main", "@mine", "a b");
    await s.taw(["session", "save", "main"], env);
    const file = JSON.parse(readFileSync(join(env.TAW_STATE_DIR, "sessions", s.name, "main.json"), "utf8"));
    const names = file.options.map(([name]: string[]) => name);
    for (const name of ["@mine", "mouse", "status-left"]) expect(names).toContain(name);
    expect(names.filter((name: string) => name.startsWith("@agent_"))).toEqual([]);
    await s.run("kill-server");
    await s.taw(["session", "restore", "main"], env);
    const shown = async (name: string) =>
      (await s.run("show-options", "-qv", "-t", "main", name)).replace(/\n$/, "");
    expect(await shown("status-left")).toBe('left "q" $HOME #{session_name} ; x');
    expect(await shown("mouse")).toBe("on");
    expect(await shown("@mine")).toBe("a b");
  }, 20_000);
});

describe("the startup session", () => {
  test("the empty session a fresh tmux makes is not saved while a restore waits; once restored, it is", async () => {
    const s = await server();
    const { env } = scratch();
    const dir = join(env.TAW_STATE_DIR, "sessions", s.name);
    await s.run("rename-session", "-t", "main", "work");
    await s.run("split-window", "-t", "work", "sh");
    await s.taw(["session", "save", "work"], env);
    await s.run("kill-server");
    // A fresh tmux on the same socket: its empty session "0", and one with work in it.
    const fresh = ["tmux", "-L", s.name, "-f", "/dev/null", "new-session", "-d", "-s", "0", "sh"];
    // (The killed server may still be going: tried until the new one starts.)
    await waitFor(
      () => Bun.spawnSync(fresh, { env: userEnv(), cwd: AWAY }).exitCode === 0,
      5000,
      "a fresh server",
    );
    await s.run("set-option", "-g", "exit-empty", "off");
    await s.run("new-session", "-d", "-s", "busy", "sh");
    await s.run("split-window", "-t", "busy", "sh");

    expect((await s.taw(["engine", "--json"], env)).json?.result.running).toBe(true);
    try {
      await waitFor(() => existsSync(join(dir, "busy.json")), 10_000, "the engine's first save");
      expect(existsSync(join(dir, "0.json"))).toBe(false);
      await s.taw(["session", "restore", "work"], env);
      await waitFor(() => existsSync(join(dir, "0.json")), 10_000, "0 saved once nothing waits");
    } finally {
      await s.taw(["engine", "stop"], env);
    }
  }, 40_000);
});
