// herdr plugins on a real server: a plugin written to herdr's documented manifest links, its
// action is listed under herdr's qualified id and runs with herdr's environment contract
// (ids, folders, HERDR_PLUGIN_CONTEXT_JSON with the focused and the calling pane) and calls
// back through `herdr`; its runs are logged; a broken manifest is refused with its line;
// disabled, it does not run; `taw plugin install` with no source says where taw's tmux keys went.

import { expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { agentWindow, cue, fakeAgentDir, stateIs } from "./fake-agent/helpers.ts";
import { useServers, waitFor } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";
import { claimForTest, optionAgent } from "./option-agent.ts";

const start = useServers();
const FIXTURE = join(import.meta.dir, "fixtures", "plugins", "where");

test("link, list, invoke with herdr's environment, log, refuse a broken manifest, disable, unlink", async () => {
  const s = await start({ session: "main" });
  const { proc, env } = await engineWithSocket(s);
  try {
    const plugin = mkdtempSync(join(tmpdir(), "taw-plugin-"));
    cpSync(FIXTURE, plugin, { recursive: true });
    const linked = await s.taw(["plugin", "link", plugin, "--json"], env);
    expect(linked.json?.result).toMatchObject({
      id: "example.where",
      root: plugin,
      enabled: true,
      version: "0.1.0",
    });
    // The fixture's one action in herdr's fields, its plugin's platforms inherited.
    const show = {
      plugin_id: "example.where",
      action_id: "show",
      title: "Show where I am",
      contexts: ["pane"],
      command: ["sh", "show.sh"],
      platforms: ["linux", "macos"],
    };
    const actions = await s.taw(["plugin", "action", "list", "--json"], env);
    expect(actions.json?.result).toEqual([{ id: "example.where.show", ...show }]);
    // The same verb through herdr's door: its method, its response type, its field names.
    for (const params of ["{}", '{"plugin_id":"example.where"}']) {
      const listed = await s.taw(["herdr", "call", "plugin.action.list", params], env);
      expect(JSON.parse(listed.stdout).result).toEqual({ type: "plugin_action_list", actions: [show] });
    }
    const unknown = await s.taw(["herdr", "call", "plugin.action.list", '{"plugin_id":"example.nope"}'], env);
    expect(JSON.parse(unknown.stdout).error?.code).toBe("plugin_not_found");

    // Invoked on a pane from outside tmux: that pane is the focus, nobody is the caller.
    const pane = (await s.run("display-message", "-p", "-t", "main:0.0", "#{pane_id}")).trim();
    const ran = await s.taw(["plugin", "action", "invoke", "example.where.show", "--pane", pane], env);
    expect(ran.code).toBe(0);
    const publicPane = `w0:p${pane.slice(1)}`;
    expect(ran.stdout).toContain(`id=example.where action=show pane=${publicPane} cwd=${plugin}`);
    const config = (await s.taw(["plugin", "config-dir", "example.where"], env)).stdout.trim();
    expect(ran.stdout).toContain(`config=${config}`);
    const state = join(env.TAW_STATE_DIR, "plugins", "example.where");
    expect(JSON.parse(readFileSync(join(state, "context.json"), "utf8"))).toEqual({
      invocation_source: "cli",
      caller_pane_id: null,
      workspace_id: "w0",
      workspace_label: "main",
      workspace_cwd: expect.any(String),
      tab_id: expect.stringMatching(/^w0:t\d+$/),
      tab_label: expect.any(String),
      focused_pane_id: publicPane,
      focused_pane_cwd: expect.any(String),
    });
    // It called back through `herdr`: the pane list came from taw's socket.
    expect(readFileSync(join(state, "panes.json"), "utf8")).toContain(publicPane);

    // Invoked from inside a pane: that pane is the caller and the focus.
    const inner = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
    const vars = Object.entries({ ...s.env(env) })
      .filter(([key]) => key.startsWith("TAW_") || key === "PATH" || key === "XDG_RUNTIME_DIR")
      .map(([key, value]) => `${key}='${value}'`)
      .join(" ");
    await s.run(
      "send-keys",
      "-t",
      inner,
      "-l",
      `env ${vars} taw plugin action invoke example.where.show; echo done-$?`,
    );
    await s.run("send-keys", "-t", inner, "Enter");
    await waitFor(
      async () => (await s.run("capture-pane", "-p", "-t", inner)).includes("done-0") || undefined,
      15_000,
      "the invocation from the pane",
    );
    const innerPublic = `w0:p${inner.slice(1)}`;
    expect(JSON.parse(readFileSync(join(state, "context.json"), "utf8"))).toMatchObject({
      caller_pane_id: innerPublic,
      focused_pane_id: innerPublic,
    });

    const log = await s.taw(["plugin", "log", "list", "--plugin", "example.where", "--json"], env);
    expect(log.json?.result.map((e: { name: string; exit_code: number }) => [e.name, e.exit_code])).toEqual([
      ["show", 0],
      ["show", 0],
    ]);

    // A manifest broken since it was linked: enabling again is refused with its line.
    await s.taw(["plugin", "disable", "example.where"], env);
    const disabled = await s.taw(["plugin", "action", "invoke", "example.where.show"], env);
    expect(disabled.code).not.toBe(0);
    writeFileSync(
      join(plugin, "herdr-plugin.toml"),
      readFileSync(join(plugin, "herdr-plugin.toml"), "utf8").replace(
        'command = ["sh", "show.sh"]',
        'command = "sh show.sh"',
      ),
    );
    const refused = await s.taw(["plugin", "enable", "example.where"], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("herdr-plugin.toml:11: actions.0.command: must be an argv list");
    expect((await s.taw(["plugin", "list", "--json"], env)).json?.result[0].enabled).toBe(false);

    const broken = mkdtempSync(join(tmpdir(), "taw-plugin-broken-"));
    writeFileSync(
      join(broken, "herdr-plugin.toml"),
      'id = "x"\nname = "X"\nversion = "1"\nmin_herdr_version = "99.0"\n',
    );
    const tooNew = await s.taw(["plugin", "link", broken], env);
    expect(tooNew.code).toBe(2);
    expect(tooNew.stderr).toContain("herdr-plugin.toml:4: min_herdr_version: needs herdr 99.0");

    expect((await s.taw(["plugin", "unlink", "example.where"], env)).code).toBe(0);
    expect((await s.taw(["plugin", "list", "--json"], env)).json?.result).toEqual([]);
    const moved = await s.taw(["plugin", "install"], env);
    expect(moved.code).toBe(2);
    expect(moved.stderr).toContain("taw tmux install");
  } finally {
    proc.kill();
    await proc.exited;
  }
}, 30_000);

test("startup and event hooks: a blocked agent reaches the plugin; a plugin asleep in its handler delays no state", async () => {
  const s = await start({ session: "main" });
  const env = { TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-plugin-state-")) };
  for (const name of ["watch", "slow"]) {
    const folder = mkdtempSync(join(tmpdir(), `taw-plugin-${name}-`));
    cpSync(join(import.meta.dir, "fixtures", "plugins", name), folder, { recursive: true });
    expect((await s.taw(["plugin", "link", folder], env)).code).toBe(0);
  }
  const state = join(env.TAW_STATE_DIR, "plugins", "example.watch");
  const { proc } = await engineWithSocket(s, env);
  try {
    await waitFor(() => existsSync(join(state, "started")) || undefined, 10_000, "the startup hook");
    expect(readFileSync(join(state, "started"), "utf8").trim()).toBe("startup");

    const agents = fakeAgentDir();
    const first = await agentWindow(s, agents);
    const second = await agentWindow(s, agents);
    await stateIs(s, first, "idle");
    await stateIs(s, second, "idle");
    await cue(s, first, "blocked");
    const line = await waitFor(
      () => {
        const text = existsSync(join(state, "events.tsv"))
          ? readFileSync(join(state, "events.tsv"), "utf8")
          : "";
        return text.split("\n").find((l) => l.includes('"agent_status":"blocked"'));
      },
      10_000,
      "the blocked event at the plugin",
    );
    const [name, paneId, json] = line.split("\t");
    const publicFirst = `w0:p${first.slice(1)}`;
    expect(name).toBe("pane.agent_status_changed");
    expect(paneId).toBe(publicFirst);
    expect(JSON.parse(json ?? "{}")).toEqual({
      event: "pane.agent_status_changed",
      data: { pane_id: publicFirst, workspace_id: "w0", agent_status: "blocked", agent: "claude" },
    });

    // The slow plugin sleeps 5 s on every event: another pane's change is seen as fast as ever.
    const started = Date.now();
    await cue(s, second, "working");
    await stateIs(s, second, "working");
    const took = Date.now() - started;
    console.log(`state change seen ${took} ms after the cue, with a plugin asleep in its event handler`);
    expect(took).toBeLessThan(3000);
    const slow = await s.taw(["plugin", "log", "list", "--plugin", "example.slow", "--json"], env);
    expect(slow.json?.result.length).toBeLessThan(4);
  } finally {
    proc.kill();
    await proc.exited;
  }
}, 60_000);

test("the dashboard's palette lists the plugin's action and runs it for the selected agent", async () => {
  const s = await start({ session: "main" });
  const env = { TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-plugin-state-")) };
  const folder = mkdtempSync(join(tmpdir(), "taw-plugin-where-"));
  cpSync(FIXTURE, folder, { recursive: true });
  expect((await s.taw(["plugin", "link", folder], env)).code).toBe(0);
  await claimForTest(s);
  const agent = await optionAgent(s, { name: "alpha", state: "blocked" });
  const dash = await openDashboard(s, { env });
  await screenShows(s, dash, (t) => t.includes("alpha"), "the agent");
  await s.run("send-keys", "-t", dash, ":");
  await screenShows(
    s,
    dash,
    (t) => t.includes("Show where I am") && t.includes("example.where"),
    "the palette",
  );
  await s.run("send-keys", "-t", dash, "-l", "where am");
  await s.run("send-keys", "-t", dash, "Enter");
  await screenShows(
    s,
    dash,
    (t) => t.includes("example.where.show: id=example.where"),
    "the action's first line",
  );
  const context = JSON.parse(
    readFileSync(join(env.TAW_STATE_DIR, "plugins", "example.where", "context.json"), "utf8"),
  );
  expect(context).toMatchObject({
    invocation_source: "palette",
    focused_pane_id: `w0:p${agent.slice(1)}`,
    focused_pane_agent: "claude",
    focused_pane_status: "blocked",
  });
  // A dashboard command from the palette: the session switcher opens.
  await s.run("send-keys", "-t", dash, ":");
  await screenShows(s, dash, (t) => t.includes("commands and plugin actions"), "the palette again");
  await s.run("send-keys", "-t", dash, "-l", "session switcher");
  await s.run("send-keys", "-t", dash, "Enter");
  await screenShows(s, dash, (t) => t.includes("session: "), "the switcher, run from the palette");
});

test("the shipped examples: last-answer copies the agent's screen; folder-shell opens a pane the plugin owns, in the pane's folder", async () => {
  const s = await start({ session: "main" });
  const env = { TAW_CONFIG_DIR: mkdtempSync(join(tmpdir(), "taw-plugin-config-")) };
  const { proc, env: engineEnv } = await engineWithSocket(s, env);
  const all = { ...env, ...engineEnv };
  try {
    const assets = join(import.meta.dir, "..", "assets", "plugins");
    for (const name of ["last-answer", "folder-shell"])
      expect((await s.taw(["plugin", "link", join(assets, name)], all)).code).toBe(0);
    const pane = (await s.run("display-message", "-p", "-t", "main:0.0", "#{pane_id}")).trim();
    const dir = mkdtempSync(join(tmpdir(), "taw-folder-"));
    await s.run("send-keys", "-t", pane, "-l", `cd ${dir}; echo 'the "answer" is 42'`);
    await s.run("send-keys", "-t", pane, "Enter");
    await waitFor(
      async () =>
        (await s.run("capture-pane", "-p", "-t", pane)).includes('the "answer" is 42\n') || undefined,
      5000,
      "the answer on screen",
    );

    const copied = await s.taw(["plugin", "action", "invoke", "taw.last-answer.copy", "--pane", pane], all);
    expect(copied.code).toBe(0);
    expect(copied.stdout).toMatch(/copied \d+ lines of w0:p\d+/);
    const saved = readFileSync(
      join(all.TAW_STATE_DIR, "plugins", "taw.last-answer", "last-answer.txt"),
      "utf8",
    );
    expect(saved).toContain('the "answer" is 42');

    const opened = await s.taw(
      [
        "plugin",
        "pane",
        "open",
        "--plugin",
        "taw.folder-shell",
        "--entrypoint",
        "shell",
        "--pane",
        pane,
        "--json",
      ],
      all,
    );
    expect(opened.json?.result).toMatchObject({
      placement: "split",
      plugin_id: "taw.folder-shell",
      entrypoint: "shell",
    });
    const shell = opened.json?.result.pane_id as string;
    await waitFor(
      async () =>
        (await s.run("display-message", "-p", "-t", shell, "#{pane_current_path}")).trim() === dir ||
        undefined,
      5000,
      "the shell in the pane's folder",
    );
    const listed = await s.taw(["plugin", "pane", "list", "--json"], all);
    expect(listed.json?.result).toEqual([{ pane: shell, owner: "taw.folder-shell/shell" }]);
    // Only a plugin's pane can be closed this way.
    expect((await s.taw(["plugin", "pane", "close", pane], all)).code).toBe(1);
    expect((await s.taw(["plugin", "pane", "close", shell], all)).code).toBe(0);
    expect((await s.run("list-panes", "-a", "-F", "#{pane_id}")).split("\n")).not.toContain(shell);
  } finally {
    proc.kill();
    await proc.exited;
  }
});

test("plugin install: cloned with the user's git, shown, built, registered; a failing build installs nothing; uninstall removes the checkout", async () => {
  const s = await start({ session: "main" });
  // A GitHub repository stand-in: the user's own git rewrites github.com to a local folder.
  const home = mkdtempSync(join(tmpdir(), "taw-plugin-home-"));
  const hub = mkdtempSync(join(tmpdir(), "taw-plugin-hub-"));
  const repo = join(hub, "me", "plugins");
  cpSync(join(import.meta.dir, "..", "assets", "plugins"), repo, { recursive: true });
  mkdirSync(join(repo, "broken"));
  writeFileSync(
    join(repo, "broken", "herdr-plugin.toml"),
    'id = "me.broken"\nname = "Broken"\nversion = "1"\nmin_herdr_version = "0.7.0"\n[[build]]\ncommand = ["sh", "-c", "echo no compiler >&2; exit 3"]\n',
  );
  writeFileSync(
    join(repo, "last-answer", "herdr-plugin.toml"),
    `${readFileSync(join(repo, "last-answer", "herdr-plugin.toml"), "utf8")}\n[[build]]\ncommand = ["sh", "-c", "echo built > built.txt"]\n`,
  );
  const git = (...args: string[]) =>
    Bun.spawnSync(["git", ...args], { cwd: repo, env: { ...process.env, HOME: home } });
  git("init", "-q", "-b", "main");
  git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "add", ".");
  git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "plugins");
  writeFileSync(join(home, ".gitconfig"), `[url "${hub}/"]\n\tinsteadOf = https://github.com/\n`);
  const env = {
    HOME: home,
    TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-plugin-state-")),
    TAW_CONFIG_DIR: mkdtempSync(join(tmpdir(), "taw-plugin-config-")),
  };

  // No terminal and no --yes: the preview, and nothing installed.
  const asked = await s.taw(["plugin", "install", "me/plugins/last-answer"], env);
  expect(asked.code).toBe(2);
  expect(asked.stderr).toContain(
    "Last answer (taw.last-answer 0.1.0) from github.com/me/plugins/last-answer",
  );
  expect(asked.stderr).toContain('build, now: ["sh","-c","echo built > built.txt"]');
  expect((await s.taw(["plugin", "list", "--json"], env)).json?.result).toEqual([]);

  const installed = await s.taw(["plugin", "install", "me/plugins/last-answer", "--yes", "--json"], env);
  expect(installed.code).toBe(0);
  const root = installed.json?.result.root as string;
  expect(installed.json?.result).toMatchObject({
    id: "taw.last-answer",
    source: "github",
    spec: "me/plugins/last-answer",
  });
  expect(root.startsWith(join(env.TAW_STATE_DIR, "plugins", "_managed"))).toBe(true);
  expect(readFileSync(join(root, "built.txt"), "utf8").trim()).toBe("built");
  expect((await s.taw(["plugin", "action", "list", "--json"], env)).json?.result[0].id).toBe(
    "taw.last-answer.copy",
  );

  const failed = await s.taw(["plugin", "install", "me/plugins/broken", "--yes"], env);
  expect(failed.code).not.toBe(0);
  expect(failed.stderr).toContain("me.broken build 0");
  expect(failed.stderr).toContain("no compiler");
  expect(
    (await s.taw(["plugin", "list", "--json"], env)).json?.result.map((p: { id: string }) => p.id),
  ).toEqual(["taw.last-answer"]);

  const removed = await s.taw(["plugin", "uninstall", "me/plugins/last-answer", "--json"], env);
  expect(removed.code).toBe(0);
  expect(existsSync(root)).toBe(false);
  expect((await s.taw(["plugin", "list", "--json"], env)).json?.result).toEqual([]);
});

test("[plugins.keys]: taw tmux install binds a prefix key that runs the action on the pane you are in", async () => {
  const inner = await start({ session: "main", width: 100, height: 30 });
  const env = {
    TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-plugin-state-")),
    TAW_CONFIG_DIR: mkdtempSync(join(tmpdir(), "taw-plugin-config-")),
  };
  writeFileSync(join(env.TAW_CONFIG_DIR, "config.toml"), '[plugins.keys]\ng = "example.where.show"\n');
  // What tmux runs for a key gets the server's environment.
  for (const [key, value] of Object.entries(env)) await inner.run("set-environment", "-g", key, value);
  await inner.run("set-option", "-g", "@agent-wizard-watch", "off");
  const folder = mkdtempSync(join(tmpdir(), "taw-plugin-where-"));
  cpSync(FIXTURE, folder, { recursive: true });
  expect((await inner.taw(["plugin", "link", folder], env)).code).toBe(0);
  expect((await inner.taw(["tmux", "install"], env)).code).toBe(0);
  const bound = (await inner.run("list-keys", "-T", "prefix", "g")).trim();
  expect(bound).toContain("plugin action invoke 'example.where.show' --pane '#{pane_id}' --message");

  const outer = await start({
    width: 100,
    height: 30,
    command: `env -u TMUX tmux -L ${inner.name} attach -t main`,
  });
  await waitFor(async () => (await inner.run("list-clients")).trim() !== "", 5000, "client attached");
  const pane = (await inner.run("display-message", "-p", "-t", "main:0.0", "#{pane_id}")).trim();
  await outer.run("send-keys", "-t", "main", "C-b", "g");
  const context = join(env.TAW_STATE_DIR, "plugins", "example.where", "context.json");
  const seen = await waitFor(
    () => (existsSync(context) ? JSON.parse(readFileSync(context, "utf8")) : undefined),
    15_000,
    "the action run by the key",
  );
  expect(seen.focused_pane_id).toBe(`w0:p${pane.slice(1)}`);
  expect((await inner.taw(["tmux", "uninstall"], env)).code).toBe(0);
  expect((await inner.tmux.tryRun(["list-keys", "-T", "prefix", "g"])).error).toBeDefined();
});
