import { describe, expect, test } from "bun:test";
import { attachedClient, type TestServer, useServers, waitFor } from "./harness.ts";

const start = useServers();

/** A server whose new sessions, windows and splits start `sh`, as test panes do. */
async function server(): Promise<TestServer> {
  const s = await start();
  await s.run("set-option", "-g", "default-shell", "/bin/sh");
  return s;
}

/** taw's environment when it runs inside the pane `pane` of `s`. */
async function inside(s: TestServer, pane: string) {
  const socket = (await s.run("display-message", "-p", "#{socket_path}")).trim();
  return { TMUX: `${socket},1,0`, TMUX_PANE: pane };
}

const fields = async (s: TestServer, format: string) =>
  (await s.run("list-panes", "-a", "-F", format)).trim();

describe("taw workspace", () => {
  test("create, list, rename and close round trip on exact targets", async () => {
    const s = await server();
    const made = await s.taw(["workspace", "create", "api", "--cwd", "/tmp", "--json"]);
    expect(made.code).toBe(0);
    const record = made.json?.result;
    expect(record.name).toBe("api");
    const tmuxId = (await s.run("display-message", "-p", "-t", "=api:", "#{session_id}")).trim();
    expect(record.tmux_id).toBe(tmuxId);
    expect(record.workspace_id).toBe(`w${tmuxId.slice(1)}`);
    // tmux reads a pane's folder from its process, which may not be up when the record is read.
    const paneId = record.tabs[0].panes[0].tmux_id;
    await waitFor(
      async () =>
        (await s.run("display-message", "-p", "-t", paneId, "#{pane_current_path}")).trim() === "/tmp",
    );

    const listed = await s.taw(["workspace", "list", "--json"]);
    expect(listed.json?.result.map((w: { name: string }) => w.name).sort()).toEqual(["api", "main"]);

    const renamed = await s.taw(["workspace", "rename", record.workspace_id, "api2", "--json"]);
    expect(renamed.json?.result).toMatchObject({ tmux_id: tmuxId, name: "api2" });
    expect((await s.sessionNames()).sort()).toEqual(["api2", "main"]);

    const closed = await s.taw(["workspace", "close", "api2", "--json"]);
    expect(closed.json?.result).toMatchObject({ tmux_id: tmuxId, closed: true });
    expect(await s.sessionNames()).toEqual(["main"]);
  });

  test("a typo target is not_found and nothing changes; a taken name is refused", async () => {
    const s = await server();
    await s.run("new-session", "-d", "-s", "api");
    const before = await fields(s, "#{session_id} #{window_id} #{pane_id}");
    for (const args of [
      ["workspace", "close", "ap"],
      ["workspace", "rename", "apii", "x"],
      ["tab", "close", "api:7"],
      ["tab", "rename", "api:typo", "x"],
      ["pane", "close", "api:0.4"],
      ["pane", "split", "api:0.4"],
      ["window", "move", "api:3", "--to-session", "main"],
      ["window", "move", "api:0", "--to-session", "mian"],
    ]) {
      const result = await s.taw([...args, "--json"]);
      expect(result.code, args.join(" ")).toBe(3);
      expect(result.json?.error?.code).toMatch(/_not_found$/);
    }
    const taken = await s.taw(["workspace", "create", "api", "--json"]);
    expect(taken.code).toBe(1);
    expect(taken.json?.error?.code).toBe("session_exists");
    const clash = await s.taw(["workspace", "rename", "main", "api", "--json"]);
    expect(clash.json?.error?.code).toBe("session_exists");
    expect(await fields(s, "#{session_id} #{window_id} #{pane_id}")).toBe(before);
  });

  test("close refuses the session, window and pane taw runs in unless --force", async () => {
    const s = await server();
    const env = await inside(s, "%0");
    for (const [kind, text] of [
      ["pane", "main:0.0"],
      ["tab", "main:0"],
      ["workspace", "main"],
    ] as const) {
      const refused = await s.taw([kind, "close", text, "--json"], env);
      expect(refused.code, kind).toBe(1);
      expect(refused.json?.error?.code).toBe("own_target");
    }
    expect(await s.sessionNames()).toEqual(["main"]);
    await s.run("new-session", "-d", "-s", "other");
    const forced = await s.taw(["workspace", "close", "main", "--force", "--json"], env);
    expect(forced.code).toBe(0);
    expect(await s.sessionNames()).toEqual(["other"]);
  });

  test("session new prints the new session's, window's and pane's ids", async () => {
    const s = await server();
    const result = await s.taw(["session", "new", "dev", "--detach"]);
    expect(result.code).toBe(0);
    const [sid, wid, pid] = (
      await s.run("display-message", "-p", "-t", "=dev:", "#{session_id} #{window_id} #{pane_id}")
    )
      .trim()
      .split(" ") as [string, string, string];
    const n = sid.slice(1);
    expect(result.stdout.trim()).toBe(`w${n} w${n}:t${wid.slice(1)} w${n}:p${pid.slice(1)}`);
  });

  test("a name tmux changes (. and : become _) is said, and the JSON has the real name", async () => {
    const s = await server();
    const made = await s.taw(["session", "new", "a:b.c"]);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('session "a:b.c" was created as "a_b_c"');
    expect(made.stdout.split("\n")[0]).toMatch(/^w\d+ w\d+:t\d+ w\d+:p\d+$/);
    const json = await s.taw(["workspace", "create", "x.y", "--json"]);
    expect(json.json?.result.name).toBe("x_y");
    expect((await s.taw(["workspace", "create", "p.q"])).stdout).toContain(
      'session "p.q" was created as "p_q"',
    );
    const renamed = await s.taw(["workspace", "rename", "p_q", "r:s"]);
    expect(renamed.stdout).toContain('session "r:s" was renamed as "r_s"');
    const switched = await s.taw(["session", "switch", "--create", "m.n"]);
    expect(switched.stdout).toContain('session "m.n" was created as "m_n"');
    // A name tmux keeps says nothing more.
    expect((await s.taw(["session", "new", "plain"])).stdout.trim().split("\n")).toHaveLength(1);
    expect(await s.sessionNames()).toEqual(["a_b_c", "m_n", "main", "plain", "r_s", "x_y"]);
  });
});

describe("taw tab", () => {
  test("create, list, rename and close a window", async () => {
    const s = await server();
    const made = await s.taw(["tab", "create", "build", "--workspace", "main", "--json"]);
    expect(made.code).toBe(0);
    const tab = made.json?.result;
    expect(tab).toMatchObject({ name: "build", index: 1, active: false });
    expect(tab.panes).toHaveLength(1);
    const listed = await s.taw(["tab", "list", "-s", "main", "--json"]);
    expect(listed.json?.result.map((t: { tab_id: string }) => t.tab_id)).toContain(tab.tab_id);
    const renamed = await s.taw(["tab", "rename", tab.tab_id, "logs", "--json"]);
    expect(renamed.json?.result).toMatchObject({ tmux_id: tab.tmux_id, name: "logs" });
    expect((await s.run("display-message", "-p", "-t", tab.tmux_id, "#{window_name}")).trim()).toBe("logs");
    const closed = await s.taw(["tab", "close", "main:logs", "--json"]);
    expect(closed.json?.result).toMatchObject({ tmux_id: tab.tmux_id, closed: true });
    expect((await s.run("list-windows", "-t", "main", "-F", "#{window_id}")).trim()).not.toContain(
      tab.tmux_id,
    );
  });

  test("create outside tmux without --workspace is a usage error", async () => {
    const s = await server();
    const result = await s.taw(["tab", "create", "x", "--json"]);
    expect(result.code).toBe(2);
    expect(result.json?.error?.message).toContain("--workspace");
  });
});

describe("taw pane", () => {
  test("split, rename and close a pane", async () => {
    const s = await server();
    const split = await s.taw(["pane", "split", "main:0.0", "--direction", "right", "--json"]);
    expect(split.code).toBe(0);
    const pane = split.json?.result;
    expect(pane).toMatchObject({ session: "main", window_index: 0, pane_index: 1, active: false });
    expect(await fields(s, "#{pane_id} #{pane_left}")).toContain(`${pane.tmux_id} `);
    expect((await s.run("display-message", "-p", "-t", pane.tmux_id, "#{pane_left}")).trim()).not.toBe("0");

    const renamed = await s.taw(["pane", "rename", pane.pane_id, "logs", "--json"]);
    expect(renamed.json?.result).toMatchObject({ tmux_id: pane.tmux_id, title: "logs" });
    expect((await s.run("show-options", "-pqv", "-t", pane.tmux_id, "@agent_title")).trim()).toBe("logs");

    const closed = await s.taw(["pane", "close", pane.pane_id, "--json"]);
    expect(closed.json?.result).toMatchObject({ tmux_id: pane.tmux_id, closed: true });
    expect(await fields(s, "#{pane_id}")).toBe("%0");
  });

  test("clear waits for the shell prompt, then empties the screen and history; a busy pane times out", async () => {
    const s = await server();
    await s.run("send-keys", "-t", "main:0.0", "seq 1 80; echo SECRET", "Enter");
    await waitFor(async () => (await s.run("capture-pane", "-p", "-t", "main:0.0")).includes("SECRET\n"));
    const cleared = await s.taw(["pane", "clear", "main:0.0", "--json"]);
    expect(cleared.code).toBe(0);
    expect(cleared.json?.result.history_size).toBe(0);
    expect(await s.run("capture-pane", "-p", "-S", "-", "-t", "main:0.0")).not.toContain("SECRET");

    await s.run("send-keys", "-t", "main:0.0", "echo BUSY; sleep 30", "Enter");
    await waitFor(async () => (await s.run("capture-pane", "-p", "-t", "main:0.0")).includes("BUSY\n"));
    const busy = await s.taw(["pane", "clear", "main:0.0", "--timeout", "800", "--json"]);
    expect(busy.code).toBe(5);
    expect(busy.json?.error?.message).toContain("sleep");
    expect(await s.run("capture-pane", "-p", "-t", "main:0.0")).toContain("BUSY");
  });
});

describe("taw window move", () => {
  test("the window goes to the other session with its program still running", async () => {
    const s = await server();
    await s.run("new-session", "-d", "-s", "dev");
    await s.run("new-window", "-d", "-t", "main:", "-n", "job", "sleep 300");
    const [windowId, pid] = (
      await s.run("display-message", "-p", "-t", "main:job", "#{window_id} #{pane_pid}")
    )
      .trim()
      .split(" ") as [string, string];
    const moved = await s.taw(["window", "move", "main:job", "--to-session", "dev", "--json"]);
    expect(moved.code).toBe(0);
    expect(moved.json?.result).toMatchObject({ tmux_id: windowId, name: "job", active: false });
    expect(moved.json?.result.panes[0]).toMatchObject({ session: "dev", pid: Number(pid) });
    expect((await s.run("display-message", "-p", "-t", windowId, "#{session_name} #{pane_pid}")).trim()).toBe(
      `dev ${pid}`,
    );
    expect(process.kill(Number(pid), 0)).toBe(true);

    const back = await s.taw(["window", "move", windowId, "--to-session", "main", "--follow", "--json"]);
    expect(back.json?.result).toMatchObject({ tmux_id: windowId, active: true });
  });

  test("--follow takes the client taw runs in to the moved window", async () => {
    const s = await server();
    await s.run("new-session", "-d", "-s", "dev");
    await s.run("new-window", "-d", "-t", "main:", "-n", "job", "sleep 300");
    const job = (await s.run("display-message", "-p", "-t", "main:job", "#{window_id}")).trim();
    const outer = await attachedClient(start, s);
    expect(outer).toBeDefined();
    const clientSession = async () =>
      (await s.run("list-clients", "-F", "#{session_name}:#{window_id}")).trim();
    expect(await clientSession()).toBe("main:@0");
    const moved = await s.taw(
      ["window", "move", "main:job", "--to-session", "dev", "--follow"],
      await inside(s, "%0"),
    );
    expect(moved.code).toBe(0);
    expect(await clientSession()).toBe(`dev:${job}`);
  });
});

describe("taw list-verbs", () => {
  test("lists every verb of the registry with its positionals", async () => {
    const s = await server();
    const result = await s.taw(["list-verbs", "--json"]);
    expect(result.code).toBe(0);
    const verbs = result.json?.result as { verb: string; summary: string; positionals: string[] }[];
    const byName = new Map(verbs.map((v) => [v.verb, v]));
    for (const verb of [
      "wait-for output",
      "wait-for idle",
      "workspace close",
      "tab create",
      "pane split",
      "window move",
      "session new",
      "agent list",
    ])
      expect(byName.has(verb), verb).toBe(true);
    expect(byName.get("workspace rename")?.positionals).toEqual(["<workspace>", "<name>"]);
    expect(verbs.every((v) => v.summary.length > 0)).toBe(true);
  });
});
