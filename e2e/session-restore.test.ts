// Sessions survive a restart: save on a real tmux server, kill-server, restore, and find the
// same sessions, windows, splits, layouts, zoom, folders and agents.

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { takeSnapshot } from "../src/tmux/server.ts";
import { dashboardLine, openDashboard, screenShows } from "./dashboard-helpers.ts";
import { AWAY, attachedClient, type TestServer, useServers, waitFor } from "./harness.ts";

const server = useServers();
const scratches: string[] = [];
afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch home, state and config folder, and folders whose names tmux and shells trip on. */
function scratch(resumeAgents: string) {
  const root = mkdtempSync(join(tmpdir(), "taw-session-"));
  scratches.push(root);
  const folders = {
    spaces: join(root, "a folder with spaces"),
    hash: join(root, "#hash ;dir"),
    unicode: join(root, "ünï cødé ✓"),
    gone: join(root, "gone soon"),
  };
  for (const dir of Object.values(folders)) mkdirSync(dir);
  mkdirSync(join(root, "config"));
  writeFileSync(join(root, "config", "config.toml"), `[sessions]\nresume_agents = "${resumeAgents}"\n`);
  // SHELL: restored panes run sh, as the test panes do; HOME: no user tmux.conf is read.
  const env = {
    TAW_STATE_DIR: join(root, "state"),
    TAW_CONFIG_DIR: join(root, "config"),
    HOME: root,
    SHELL: "/bin/sh",
  };
  return { root, folders, env, log: join(root, "resumed.log") };
}

/** 2 sessions, 4 windows, splits and a zoomed window, panes in awkward folders, one agent. */
async function build(s: TestServer, folders: ReturnType<typeof scratch>["folders"], log: string) {
  await s.run("rename-window", "-t", "main:0", "edit #1");
  await s.run("split-window", "-h", "-t", "main:0", "-c", folders.spaces, "sh");
  const agentPane = (
    await s.run(
      "split-window",
      "-t",
      "main:0",
      "-c",
      folders.hash.replaceAll("#", "##"),
      "-P",
      "-F",
      "#{pane_id}",
      "sh",
    )
  ).trim();
  await s.run("select-pane", "-t", "main:0.1");
  await s.run("new-window", "-t", "main:4", "-n", "logs ü", "-c", folders.unicode, "sh");
  await s.run("split-window", "-t", "main:4", "-c", folders.gone, "sh");
  await s.run("split-window", "-h", "-t", "main:4", "sh");
  await s.run("resize-pane", "-Z", "-t", "main:4.0");
  await s.run("new-session", "-d", "-s", "other ✓", "-x", "120", "-y", "40", "-c", folders.spaces, "sh");
  await s.run("new-window", "-t", "other ✓:2", "-c", folders.unicode, "sh");
  await s.run("split-window", "-h", "-t", "other ✓:2", "sh");
  await s.run("select-window", "-t", "other ✓:0");
  await s.run("set-option", "-t", "other ✓", "@taw_space", "side work");
  const scope = ["set-option", "-p", "-t", agentPane];
  await s.run(...scope, "@agent_kind", "claude");
  await s.run(...scope, "@agent_name", "bob");
  await s.run(...scope, "@agent_session_id", "abc-123");
  await s.run(...scope, "@agent_resume_argv", `echo "resumed $TAW_RESTORED" >> ${log}`);
}

interface TreePane {
  pane_index: number;
  active: boolean;
  command: string;
  cwd: string;
  size: unknown;
}
interface Tree {
  workspaces: { name: string; tabs: { index: number; name: string; active: boolean; panes: TreePane[] }[] }[];
}

/** The tree without what a restart changes (ids, pids, ttys, agent state). */
async function structure(s: TestServer, env: Record<string, string>) {
  const tree = (await s.taw(["tree", "--json"], env)).json?.result as Tree;
  return tree.workspaces.map((w) => ({
    name: w.name,
    tabs: w.tabs.map((t) => ({
      index: t.index,
      name: t.name,
      active: t.active,
      panes: t.panes.map((p) => ({
        index: p.pane_index,
        active: p.active,
        command: p.command,
        cwd: p.cwd,
        size: p.size,
      })),
    })),
  }));
}

/** Layouts without their checksum and pane ids. */
async function layouts(s: TestServer) {
  const listed = await s.run(
    "list-windows",
    "-a",
    "-F",
    "#{session_name}:#{window_index} #{window_zoomed_flag} #{window_layout}",
  );
  return listed
    .trim()
    .split("\n")
    .map((line) => line.replace(/ [0-9a-f]{4},/, " ").replace(/(\d+x\d+,\d+,\d+),\d+/g, "$1"));
}

/** taw's own folders from a scratch env, for a dashboard started in a pane. */
const tawFolders = (env: Record<string, string>) => ({
  TAW_STATE_DIR: env.TAW_STATE_DIR ?? "",
  TAW_CONFIG_DIR: env.TAW_CONFIG_DIR ?? "",
});

const logLines = (log: string) => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);

describe("taw session save / restore", () => {
  test("a killed server comes back the same; the agent resumed once; a second restore makes nothing", async () => {
    const s = await server();
    const { folders, env, log } = scratch("always");
    await build(s, folders, log);
    // tmux names a window after its program a moment after making it.
    await waitFor(async () => !/bash|tmux/.test(await s.run("list-windows", "-a", "-F", "#{window_name}")));
    const before = await structure(s, env);
    const layoutsBefore = await layouts(s);
    expect(layoutsBefore.some((line) => / 1 /.test(line))).toBe(true); // a zoomed window

    const saved = await s.taw(["session", "save", "--json"], env);
    expect(saved.json?.ok).toBe(true);
    expect(saved.json?.result.map((r: { session: string }) => r.session).sort()).toEqual(["main", "other ✓"]);

    await s.run("kill-server");
    rmSync(folders.gone, { recursive: true });
    const listed = await s.taw(["session", "list", "--json"], env);
    expect(
      listed.json?.result.sessions.map((x: { name: string; live: boolean }) => [x.name, x.live]),
    ).toEqual([
      ["main", false],
      ["other ✓", false],
    ]);

    const restored = await s.taw(["session", "restore", "--all", "--json"], env);
    expect(restored.code).toBe(0);
    expect(restored.json?.result.restored.map((r: { session: string }) => r.session)).toEqual([
      "main",
      "other ✓",
    ]);
    expect(restored.json?.result.resumed).toEqual([expect.objectContaining({ session: "main" })]);

    // The pane whose folder is gone opened in its session's folder, and says so.
    const expected = structuredClone(before);
    for (const tab of expected.find((w) => w.name === "main")?.tabs ?? [])
      for (const pane of tab.panes) if (pane.cwd === folders.gone) pane.cwd = AWAY;
    expect(await structure(s, env)).toEqual(expected);
    expect(await layouts(s)).toEqual(layoutsBefore);
    expect((await s.run("list-sessions", "-F", "#{session_name}=#{@taw_space}")).trim().split("\n")).toEqual([
      "main=",
      "other ✓=side work",
    ]);
    const errors = (await s.run("list-panes", "-a", "-F", "#{@agent_restore_error}"))
      .split("\n")
      .filter(Boolean);
    expect(errors).toEqual([expect.stringContaining(`Saved directory ${folders.gone} is unavailable`)]);

    // The restored session is the one its file was saved from: the engine's autosave may write over it.
    const file = JSON.parse(readFileSync(join(env.TAW_STATE_DIR, "sessions", s.name, "main.json"), "utf8"));
    expect(file.token).toMatch(/^[0-9a-f-]{36}$/);
    expect((await s.run("show-options", "-t", "main", "-v", "@agent_save_token")).trim()).toBe(file.token);
    expect((await s.run("show-options", "-gqv", "@agent_wizard_restoring")).trim()).toBe("");

    // Typed once, in a restored shell.
    await waitFor(() => logLines(log).length === 1, 10_000, "the resume command to run");
    expect(logLines(log)).toEqual(["resumed 1"]);

    const again = await s.taw(["session", "restore", "--all", "--json"], env);
    expect(again.json?.result).toMatchObject({ restored: [], live: ["main", "other ✓"], resumed: [] });
    expect(await structure(s, env)).toEqual(expected);
    await Bun.sleep(500);
    expect(logLines(log)).toEqual(["resumed 1"]);
  }, 30_000);
});

describe("taw session restore, ask and faults", () => {
  test('"ask" leaves the resume command on the pane and types nothing; a bad file is archived, the rest restored', async () => {
    const s = await server();
    const { env, log, folders } = scratch("ask");
    await build(s, folders, log);
    await s.taw(["session", "save", "main"], env);
    const dir = join(env.TAW_STATE_DIR, "sessions", s.name);
    writeFileSync(join(dir, "broken.json"), '{"version":1,"windows":[');

    await s.run("kill-session", "-t", "main");
    const restored = await s.taw(["session", "restore", "--all"], env);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("restored main: 2 windows, 6 panes");
    expect(restored.stdout).toMatch(/to resume the claude in %\d+, type: echo "resumed \$TAW_RESTORED"/);
    expect(restored.stdout).toContain("broken.json: not valid JSON");
    expect(existsSync(join(dir, "broken.json"))).toBe(false);

    const offered = (await s.run("list-panes", "-a", "-F", "#{@agent_restore_resume}|#{@agent_session_id}"))
      .split("\n")
      .filter((line) => line !== "|" && line !== "");
    expect(offered).toEqual([`echo "resumed $TAW_RESTORED" >> ${log}|abc-123`]);
    await Bun.sleep(500);
    expect(logLines(log)).toEqual([]);
  }, 20_000);

  test("usage, not found, and a state folder that cannot be written", async () => {
    const s = await server();
    const { env } = scratch("never");
    const bare = await s.taw(["session", "restore", "--json"], env);
    expect(bare.code).toBe(2);
    expect(bare.json?.error?.code).toBe("usage");
    const unknown = await s.taw(["session", "restore", "nope", "--json"], env);
    expect(unknown.code).toBe(3);
    expect(unknown.json?.error?.message).toContain("no saved session 'nope'");
    const unsaved = await s.taw(["session", "save", "nope"], env);
    expect(unsaved.code).toBe(3);
    expect(unsaved.stderr).toContain("no session 'nope'");

    // A state folder that cannot be written (here: a file where the folder should be).
    const blocked = join(env.TAW_CONFIG_DIR, "config.toml");
    const failed = await s.taw(["session", "save", "--json"], { ...env, TAW_STATE_DIR: blocked });
    expect(failed.code).toBe(1);
    expect(failed.json?.error?.code).toBe("save_failed");
    expect(failed.json?.error?.message).toContain("could not save the session 'main'");
    expect(failed.json?.error?.message).toContain("something in the way in ");
    expect(failed.json?.error?.message).not.toContain("    at ");
    // A folder the kernel refuses even to root (sysfs: EPERM, or EROFS where it is mounted
    // read-only) is said as such, naming it, never as a full disk.
    const refused = await s.taw(["session", "save", "--json"], { ...env, TAW_STATE_DIR: "/sys/taw-state" });
    expect(refused.json?.error?.code).toBe("save_failed");
    expect(refused.json?.error?.message).toMatch(
      /(permission denied writing in|read-only file system).*\/sys\/taw-state\/sessions/,
    );
    expect(refused.json?.error?.message).not.toContain("free some space");
  });
});

describe("taw session restore --attach", () => {
  test("inside tmux the client is switched to the restored session, or to a live one; resurrect lists and restores", async () => {
    const s = await server();
    const { env } = scratch("never");
    await s.run("new-session", "-d", "-s", "second", "sh");
    await s.taw(["session", "save", "second"], env);
    await s.run("kill-session", "-t", "second");
    await attachedClient(server, s);
    const inside = { ...env, TMUX: `${(await s.run("display-message", "-p", "#{socket_path}")).trim()},1,0` };
    const clientSession = async () => (await s.run("list-clients", "-F", "#{client_session}")).trim();
    expect(await clientSession()).toBe("main");

    const restored = await s.taw(["session", "restore", "second", "--attach"], inside);
    expect(restored.code).toBe(0);
    await waitFor(
      async () => (await clientSession()) === "second",
      5000,
      "the client on the restored session",
    );

    await s.run("switch-client", "-t", "main");
    const live = await s.taw(["session", "restore", "second", "--attach"], inside);
    expect(live.stdout).toContain("second is live: left as it is");
    await waitFor(async () => (await clientSession()) === "second", 5000, "the client on the live session");

    // tuios's words: `resurrect` lists, `resurrect <name>` restores and attaches.
    const listed = await s.taw(["resurrect", "--json"], inside);
    expect(
      listed.json?.result.sessions.map((x: { name: string; live: boolean }) => [x.name, x.live]),
    ).toEqual([["second", true]]);
    await s.run("switch-client", "-t", "main");
    await s.run("kill-session", "-t", "second");
    const resurrected = await s.taw(["resurrect", "second"], inside);
    expect(resurrected.stdout).toContain("restored second: 1 windows, 1 panes");
    await waitFor(
      async () => (await clientSession()) === "second",
      5000,
      "the client on the resurrected session",
    );
  }, 20_000);
});

describe("pane history", () => {
  test("a restored pane shows its history above the divider, runs nothing again; turned off, the next save deletes it; forget deletes the session's state", async () => {
    const s = await server({ width: 100, height: 20 });
    const { env, root } = scratch("never");
    await waitFor(
      async () => (await s.run("capture-pane", "-p", "-t", "main")).trim() !== "",
      5000,
      "a prompt",
    );
    await s.run(
      "send-keys",
      "-t",
      "main",
      `echo "ran $((20+22))" >> ${root}/ran.log; printf '\\033[31mred %s\\033[0m\\n' mark`,
      "Enter",
    );
    await waitFor(
      async () => (await s.run("capture-pane", "-p", "-t", "main")).includes("red mark"),
      5000,
      "the output",
    );
    const saved = await s.taw(["session", "save", "--json"], env);
    expect(saved.json?.result[0].histories).toBe(1);

    await s.run("kill-server");
    await s.taw(["session", "restore", "main"], env);
    const shown = async () => await s.run("capture-pane", "-p", "-e", "-S", "-", "-t", "main");
    await waitFor(async () => (await shown()).includes("fresh shell in"), 5000, "the divider");
    const lines = (await shown()).split("\n");
    const red = lines.findIndex((line) => line.includes("\u001b[31mred mark"));
    const divider = lines.findIndex(
      (line) => line.startsWith("\u001b[2m-- taw: restored from ") && line.includes(", fresh shell in "),
    );
    expect(red).toBeGreaterThan(-1);
    expect(divider).toBeGreaterThan(red);
    expect(readFileSync(join(root, "ran.log"), "utf8")).toBe("ran 42\n");
    expect(await s.run("display-message", "-p", "-t", "main", "#{pane_current_command}")).toBe("sh\n");

    writeFileSync(join(env.TAW_CONFIG_DIR, "config.toml"), "[sessions]\npersist_scrollback = false\n");
    const off = await s.taw(["session", "save", "--json"], env);
    expect(off.json?.result[0].histories).toBe(0);
    expect(existsSync(join(env.TAW_STATE_DIR, "sessions", s.name, "main.history"))).toBe(false);

    // Forgotten, a session never comes back.
    expect((await s.taw(["session", "forget", "main"], env)).stdout).toBe("forgot main\n");
    expect(existsSync(join(env.TAW_STATE_DIR, "sessions", s.name, "main.json"))).toBe(false);
    expect((await s.taw(["session", "forget", "main"], env)).code).toBe(3);
  }, 20_000);
});

describe("autosave by the engine", () => {
  test("a change is saved within seconds; a killed session's state goes; another session's file of the same name is kept", async () => {
    const s = await server();
    const { env } = scratch("never");
    const dir = join(env.TAW_STATE_DIR, "sessions", s.name);
    const read = (name: string) => {
      try {
        return JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8"));
      } catch {
        return undefined;
      }
    };
    // The state of an earlier "fresh" (before a reboot): not this server's session.
    mkdirSync(dir, { recursive: true });
    await s.run("new-session", "-d", "-s", "earlier", "sh");
    await s.taw(["session", "save", "earlier"], env);
    writeFileSync(
      join(dir, "fresh.json"),
      JSON.stringify({ ...read("earlier"), name: "fresh", token: "from-before-the-reboot" }),
    );
    await s.run("kill-session", "-t", "earlier");

    const started = await s.taw(["engine", "--json"], env);
    expect(started.json?.result.running).toBe(true);
    try {
      await s.run("new-window", "-t", "main:", "-n", "second", "sh");
      await waitFor(() => read("main")?.windows.length === 2, 8000, "main saved with its new window");

      await s.run("new-session", "-d", "-s", "fresh", "sh");
      await s.run("new-session", "-d", "-s", "doomed", "sh");
      await waitFor(() => read("doomed") !== undefined, 8000, "doomed saved");
      expect(read("fresh")?.token).toBe("from-before-the-reboot");

      await s.run("kill-session", "-t", "doomed");
      await waitFor(() => !existsSync(join(dir, "doomed.json")), 8000, "doomed's state deleted");
      expect(read("fresh")?.token).toBe("from-before-the-reboot");
    } finally {
      await s.taw(["engine", "stop"], env);
    }
  }, 30_000);

  test("the dashboard's own engine saves too", async () => {
    const s = await server();
    const { env } = scratch("never");
    await s.run(
      "new-window",
      "-d",
      "sh",
      "-c",
      dashboardLine(s, ["dashboard"], { TAW_STATE_DIR: env.TAW_STATE_DIR }),
    );
    const file = join(env.TAW_STATE_DIR, "sessions", s.name, "main.json");
    await waitFor(() => existsSync(file), 10_000, "main saved by the dashboard's engine");
    expect(JSON.parse(readFileSync(file, "utf8")).windows).toHaveLength(2);
  }, 20_000);
});

describe("a resumed agent's pid", () => {
  test("@agent_pid names the resumed agent's process, so its end can be told", async () => {
    const s = await server();
    const { env } = scratch("always");
    // A kind with no manifest is known by its command's name.
    const scope = ["set-option", "-p", "-t", "main"];
    await s.run(...scope, "@agent_kind", "sleep");
    await s.run(...scope, "@agent_session_id", "s-1");
    await s.run(...scope, "@agent_resume_argv", "sleep 300");
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-server");

    const restored = await s.taw(["session", "restore", "main", "--json"], env);
    expect(restored.json?.result.resumed).toEqual([
      { session: "main", pane: expect.stringMatching(/^%\d+$/), line: "sleep 300" },
    ]);
    const pid = Number((await s.run("show-options", "-pqv", "-t", "main", "@agent_pid")).trim());
    expect(pid).toBeGreaterThan(0);
    expect(readFileSync(`/proc/${pid}/comm`, "utf8").trim()).toBe("sleep");
  }, 30_000);
});

describe("taw session resume", () => {
  test('"ask": the offered resume is typed by the verb, on an exact pane, once', async () => {
    const s = await server();
    const { env } = scratch("ask");
    const scope = ["set-option", "-p", "-t", "main"];
    await s.run(...scope, "@agent_kind", "sleep");
    await s.run(...scope, "@agent_session_id", "s-2");
    await s.run(...scope, "@agent_resume_argv", "sleep 301");
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-server");
    await s.taw(["session", "restore", "main"], env);
    const pane = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
    expect((await s.run("show-options", "-pqv", "-t", pane, "@agent_restore_resume")).trim()).toBe(
      "sleep 301",
    );

    const bad = await s.taw(["session", "resume", "%999", "--json"], env);
    expect(bad.code).toBe(3);
    const none = await s.taw(["session", "resume"], env);
    expect(none.code).toBe(2);

    const resumed = await s.taw(["session", "resume", pane, "--json"], env);
    expect(resumed.json?.result.resumed).toEqual([{ pane, line: "sleep 301" }]);
    const pid = Number((await s.run("show-options", "-pqv", "-t", pane, "@agent_pid")).trim());
    expect(readFileSync(`/proc/${pid}/cmdline`, "utf8")).toBe("sleep\u0000301\u0000");
    const again = await s.taw(["session", "resume", "--all"], env);
    expect(again.stdout).toBe("no resume waiting\n");
    const twice = await s.taw(["session", "resume", pane], env);
    expect(twice.stderr).toContain(`no resume waiting in ${pane}`);
  }, 30_000);
});

describe("the dashboard's restored rows", () => {
  test("a restored pane with a resume waiting shows tagged restored; R types its resume once", async () => {
    const s = await server({ width: 160 });
    const { env } = scratch("ask");
    const scope = ["set-option", "-p", "-t", "main"];
    await s.run(...scope, "@agent_kind", "sleep");
    await s.run(...scope, "@agent_session_id", "s-3");
    await s.run(...scope, "@agent_resume_argv", "sleep 302");
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-server");
    await s.taw(["session", "restore", "main"], env);
    const pane = (await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
    const restoredTag = async () => (await takeSnapshot(s.tmux)).sessions.map((x) => [x.name, x.restored]);
    expect(await restoredTag()).toEqual([["main", true]]);

    const dashboard = await openDashboard(s, { env: tawFolders(env) });
    await screenShows(
      s,
      dashboard,
      (text) => text.includes("restored · R resumes: sleep"),
      "the restored row",
    );
    await s.run("send-keys", "-t", dashboard, "R");
    await screenShows(s, dashboard, (text) => text.includes("resumed sleep: sleep 302"), "the resume said");
    const pid = Number((await s.run("show-options", "-pqv", "-t", pane, "@agent_pid")).trim());
    expect(readFileSync(`/proc/${pid}/cmdline`, "utf8")).toBe("sleep\u0000302\u0000");
    expect((await s.run("show-options", "-pqv", "-t", pane, "@agent_restore_resume")).trim()).toBe("");

    // The session's "restored" tag lasts until a client first attaches to it.
    await s.run("send-keys", "-t", dashboard, "Tab");
    await screenShows(s, dashboard, (text) => text.includes("main · restored"), "the Tree's restored tag");
    const client = await attachedClient(server, s);
    await waitFor(async () => JSON.stringify(await restoredTag()) === JSON.stringify([["main", false]]));
    await screenShows(
      s,
      dashboard,
      (text) => text.includes("main (attached)") && !text.includes("restored"),
      "the tag gone",
    );
    await client.kill();
  }, 40_000);

  test("Ctrl-R resumes every restored agent whose resume waits, once each", async () => {
    const s = await server({ width: 160 });
    const { env } = scratch("ask");
    await s.run("split-window", "-t", "main", "sh");
    const panes = (await s.run("list-panes", "-t", "main", "-F", "#{pane_id}")).trim().split("\n");
    for (const [index, pane] of panes.entries()) {
      const scope = ["set-option", "-p", "-t", pane];
      await s.run(...scope, "@agent_kind", "sleep");
      await s.run(...scope, "@agent_session_id", `s-${index}`);
      await s.run(...scope, "@agent_resume_argv", `sleep ${310 + index}`);
    }
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-server");
    await s.taw(["session", "restore", "main"], env);
    const dashboard = await openDashboard(s, { env: tawFolders(env) });
    await screenShows(
      s,
      dashboard,
      (text) => text.split("R resumes: sleep").length === 3,
      "two restored rows",
    );
    await s.run("send-keys", "-t", dashboard, "C-r");
    await screenShows(s, dashboard, (text) => text.includes("resumed 2 agents"), "both resumed");
    const restored = (await s.run("list-panes", "-t", "main:0", "-F", "#{pane_id}")).trim().split("\n");
    const commands = restored.map((pane) => {
      return s
        .run("show-options", "-pqv", "-t", pane, "@agent_pid")
        .then((pid) => readFileSync(`/proc/${Number(pid.trim())}/cmdline`, "utf8"));
    });
    expect((await Promise.all(commands)).sort()).toEqual(["sleep\u0000310\u0000", "sleep\u0000311\u0000"]);
    // Resumed rows are agents again: no resume waits on any row.
    await screenShows(s, dashboard, (text) => !text.includes("R resumes:"), "no resume left");
  }, 40_000);
});
