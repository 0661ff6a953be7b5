import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { claude } from "./claude.ts";
import { codex } from "./codex.ts";
import { MARKER } from "./hook-command.ts";
import { backupPath } from "./json-config.ts";
import { kimi } from "./kimi.ts";
import { opencode } from "./opencode.ts";
import { pluginFile } from "./plugin-file.ts";
import { INTEGRATIONS } from "./registry.ts";
import type { Env, Integration } from "./types.ts";

const TAW = "/opt/taw/bin/taw";
const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function scratchHome(): Env {
  const home = mkdtempSync(join(tmpdir(), "taw-integration-"));
  homes.push(home);
  return { HOME: home };
}

const count = (text: string) => text.split(MARKER).length - 1;
const read = (path: string) => readFileSync(path, "utf8");
/** A settings file taw edits (JSON, TOML or YAML), not a file of taw's own (a plugin, Grok's
 * hook file). */
const isSettings = (file: string) => /\.(json|toml|yaml)$/.test(file) && !basename(file).startsWith("taw");
/** The agent's configuration folder: the folder of its file, less the plugin subfolder. */
const configDir = (integration: Integration, env: Env) => {
  const file = integration.files(env)[0] as string;
  return integration.reports === "state" && !isSettings(file) ? dirname(dirname(file)) : dirname(file);
};
const USER_YAML = `# my hermes settings
model:
  default: hermes-4
plugins:
  enabled:
    - my-plugin
`;
const USER_TOML = `# my kimi settings
default_model = "kimi-k2"

[[hooks]]
event = "Stop"
command = "echo mine"
`;

/** A user's own settings beside which taw's go: a hook of theirs, and a setting. */
const USER_SETTINGS = `${JSON.stringify(
  { theme: "dark", hooks: { Stop: [{ hooks: [{ type: "command", command: "echo mine" }] }] } },
  null,
  2,
)}\n`;

describe("every integration", () => {
  for (const integration of INTEGRATIONS) {
    test(`${integration.id}: install twice leaves one set of entries; uninstall takes out only taw's`, () => {
      const env = scratchHome();
      const file = integration.files(env)[0] as string;
      mkdirSync(dirname(file), { recursive: true });
      const plugin = !isSettings(file);
      const own = file.endsWith(".toml") ? USER_TOML : file.endsWith(".yaml") ? USER_YAML : USER_SETTINGS;
      const users = plugin ? join(dirname(file), "users-own.js") : file;
      writeFileSync(users, plugin ? "// the user's own plugin\n" : own);

      expect(integration.installed(env)).toBe(false);
      expect(integration.install(env, TAW).changed).toBe(true);
      const once = read(file);
      expect(count(once)).toBeGreaterThan(0);
      // The launcher is named in the hook itself (Hermes's plugin beside its config).
      const written = integration.files(env).filter((f) => existsSync(f));
      expect(written.map(read).join("\n")).toContain(TAW);
      expect(integration.installed(env)).toBe(true);
      // A second install changes nothing.
      expect(integration.install(env, TAW).changed).toBe(false);
      expect(read(file)).toBe(once);
      if (!plugin) {
        expect(once).toContain(file.endsWith(".yaml") ? "my-plugin" : "echo mine");
        expect(read(backupPath(file))).toBe(own);
      }

      expect(integration.uninstall(env).changed).toBe(true);
      expect(integration.installed(env)).toBe(false);
      expect(read(users)).toBe(plugin ? "// the user's own plugin\n" : own);
      if (plugin) expect(existsSync(file)).toBe(false);
      expect(integration.uninstall(env).changed).toBe(false);
    });

    test(`${integration.id}: install needs the agent's configuration folder`, () => {
      const env = scratchHome();
      expect(() => integration.install(env, TAW)).toThrow(/does not exist/);
      expect(existsSync(configDir(integration, env))).toBe(false);
    });
  }
});

describe("Claude Code", () => {
  test("the user's own SessionStart hook sits beside taw's and survives install and uninstall", () => {
    const env = scratchHome();
    const settings = join(env.HOME as string, ".claude", "settings.json");
    mkdirSync(dirname(settings));
    const own = `{\n\t"hooks": {\n\t\t"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]\n\t}\n}\n`;
    writeFileSync(settings, own);
    claude.install(env, TAW);
    const value = JSON.parse(read(settings));
    expect(value.hooks.SessionStart).toHaveLength(2);
    expect(value.hooks.SessionStart[0].hooks[0].command).toBe("echo hi");
    expect(value.hooks.SessionStart[1].hooks[0].command).toContain("report-agent-session");
    // The file keeps its tab indent.
    expect(read(settings)).toContain('\n\t"hooks"');
    claude.uninstall(env);
    expect(JSON.parse(read(settings))).toEqual({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: "echo hi" }] }] },
    });
  });

  test("a file taw created goes with uninstall; a file that is not JSON is refused", () => {
    const env = scratchHome();
    const settings = join(env.HOME as string, ".claude", "settings.json");
    mkdirSync(dirname(settings));
    claude.install(env, TAW);
    expect(existsSync(backupPath(settings))).toBe(false);
    claude.uninstall(env);
    expect(existsSync(settings)).toBe(false);
    writeFileSync(settings, '{ "a": }');
    expect(() => claude.install(env, TAW)).toThrow(/not JSON taw can read .*line 1/);
    expect(read(settings)).toBe('{ "a": }');
  });

  test("a file in the user's own layout, with comments, is given back byte for byte", () => {
    const env = scratchHome();
    const settings = join(env.HOME as string, ".claude", "settings.json");
    mkdirSync(dirname(settings));
    const own = [
      "{",
      "    // my settings",
      '    "permissions": { "allow": ["Bash(ls)", "Read"] },',
      '    "hooks": {',
      '        "SessionStart": [ { "hooks": [ { "type": "command", "command": "say hi" } ] } ],',
      '        "Notification": []',
      "    }",
      "}",
    ].join("\n");
    writeFileSync(settings, own);
    claude.install(env, TAW);
    const installed = read(settings);
    expect(
      installed.startsWith('{\n    // my settings\n    "permissions": { "allow": ["Bash(ls)", "Read"] },'),
    ).toBe(true);
    const value = JSON.parse(installed.replace("// my settings", ""));
    expect(value.hooks.SessionStart).toHaveLength(2);
    expect(value.hooks.Notification).toHaveLength(0);
    claude.install(env, TAW);
    expect(read(settings)).toBe(installed);
    claude.uninstall(env);
    expect(read(settings)).toBe(own);
  });

  test("a settings file on one line stays on one line, and comes back exactly", () => {
    const env = scratchHome();
    const settings = join(env.HOME as string, ".claude", "settings.json");
    mkdirSync(dirname(settings));
    const own = '{"permissions":{"defaultMode":"default"}}';
    writeFileSync(settings, own);
    claude.install(env, TAW);
    expect(read(settings).split("\n")).toHaveLength(1);
    expect(JSON.parse(read(settings)).permissions).toEqual({ defaultMode: "default" });
    claude.uninstall(env);
    expect(read(settings)).toBe(own);
  });

  test("taw's hook moved by the user into their own group is taken out of it alone", () => {
    const env = scratchHome();
    const settings = join(env.HOME as string, ".claude", "settings.json");
    mkdirSync(dirname(settings));
    claude.install(env, TAW);
    const value = JSON.parse(read(settings));
    const ours = value.hooks.SessionStart[0].hooks[0];
    value.hooks.SessionStart = [{ matcher: "", hooks: [{ type: "command", command: "say hi" }, ours] }];
    writeFileSync(settings, JSON.stringify(value, null, 2));
    claude.uninstall(env);
    expect(JSON.parse(read(settings))).toEqual({
      hooks: { SessionStart: [{ matcher: "", hooks: [{ type: "command", command: "say hi" }] }] },
    });
  });

  test("the hook reports the session with its resume command, and leaves the state to the screen", () => {
    const env = scratchHome();
    mkdirSync(join(env.HOME as string, ".claude"));
    claude.install(env, TAW);
    const hooks = JSON.parse(read(claude.files(env)[0] as string)).hooks;
    const command = (event: string) => hooks[event][0].hooks[0].command as string;
    // Esc fires no hook: a hook that owned the state would leave it working.
    expect(Object.keys(hooks)).toEqual(["SessionStart"]);
    expect(command("SessionStart")).toContain("report-agent-session");
    expect(command("SessionStart")).toContain("-- claude --resume '{session_id}'");
    for (const event of Object.keys(hooks)) {
      expect(command(event)).toStartWith('[ -z "$TMUX_PANE" ] || ');
      expect(command(event)).toContain(">/dev/null 2>&1 || true");
    }
  });
});

describe("Codex", () => {
  test("[features] hooks = true is added as marked lines and taken out exactly", () => {
    const env = scratchHome();
    const dir = join(env.HOME as string, ".codex");
    mkdirSync(dir);
    const config = join(dir, "config.toml");
    const own = 'model = "o3"\n\n[features]\nweb_search = true\n\n[tui]\nx = 1\n';
    writeFileSync(config, own);
    codex.install(env, TAW);
    expect(read(config)).toBe(
      `model = "o3"\n\n[features]\nhooks = true # ${MARKER}\nweb_search = true\n\n[tui]\nx = 1\n`,
    );
    codex.install(env, TAW);
    expect(count(read(config))).toBe(1);
    codex.uninstall(env);
    expect(read(config)).toBe(own);
    expect(existsSync(join(dir, "hooks.json"))).toBe(false);
  });

  test("a user's hooks = false is theirs: install refuses and changes nothing", () => {
    const env = scratchHome();
    const dir = join(env.HOME as string, ".codex");
    mkdirSync(dir);
    writeFileSync(join(dir, "config.toml"), "[features]\nhooks = false\n");
    expect(() => codex.install(env, TAW)).toThrow(/hooks = false/);
    expect(existsSync(join(dir, "hooks.json"))).toBe(false);
  });
});

test("a plugin file of the same name that is not taw's is never overwritten", () => {
  const env = scratchHome();
  const plugin = pluginFile({
    id: "x",
    name: "X",
    reports: "state",
    checkedAgainst: "-",
    dir: (e) => join(e.HOME as string, ".x"),
    dirHint: "run x",
    file: "p.js",
    source: () => `// ${MARKER}\n`,
  });
  mkdirSync(join(env.HOME as string, ".x"));
  writeFileSync(join(env.HOME as string, ".x", "p.js"), "// mine\n");
  expect(() => plugin.install(env, TAW)).toThrow(/not taw's/);
  expect(plugin.uninstall(env).changed).toBe(false);
  expect(read(join(env.HOME as string, ".x", "p.js"))).toBe("// mine\n");
});

describe("Kimi CLI", () => {
  test("taw's [[hooks]] go in one marked block after the user's config; every event reports", () => {
    const env = scratchHome();
    const file = join(env.HOME as string, ".kimi-code", "config.toml");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, USER_TOML);
    kimi.install(env, TAW);
    const text = read(file);
    expect(text.startsWith(USER_TOML)).toBe(true);
    const events = [...text.matchAll(/^event = "([A-Za-z]+)"$/gm)].map((m) => m[1]);
    expect(events).toEqual([
      "Stop", // the user's own
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PreToolUse",
      "PostToolUse",
      "PostToolUseFailure",
      "SubagentStart",
      "PreCompact",
      "PermissionRequest",
      "PermissionResult",
      "Stop",
      "Interrupt",
    ]);
    expect(text).toContain('matcher = "^AskUserQuestion$"');
    expect(text).toMatch(
      /command = ".*report-agent --source kimi --agent kimi --state blocked --hook-input --quiet -- kimi --session '\{session_id\}'/,
    );
    // Parsed as TOML, the user's table and taw's are all there.
    const parsed = Bun.TOML.parse(text) as { default_model: string; hooks: unknown[] };
    expect(parsed.default_model).toBe("kimi-k2");
    expect(parsed.hooks).toHaveLength(13);
    kimi.uninstall(env);
    expect(read(file)).toBe(USER_TOML);
  });
});

describe("OpenCode's TUI plugin", () => {
  test("listed in the user's tui.jsonc beside their own entries, comments kept; uninstall gives the file back", () => {
    const env = scratchHome();
    const dir = join(env.HOME as string, ".config", "opencode");
    mkdirSync(dir, { recursive: true });
    const mine = `{
  // my TUI settings
  "theme": "tokyonight",
  "plugin": ["./my-tui.js"]
}
`;
    writeFileSync(join(dir, "tui.jsonc"), mine);
    opencode.install(env, TAW);
    const listed = read(join(dir, "tui.jsonc"));
    expect(listed).toContain("// my TUI settings");
    expect(listed).toContain('["./my-tui.js","./taw-tui-session.js"]');
    expect(read(join(dir, "taw-tui-session.js"))).toContain('route?.name === "session"');
    expect(opencode.installed(env)).toBe(true);
    expect(opencode.install(env, TAW).changed).toBe(false);
    opencode.uninstall(env);
    expect(read(join(dir, "tui.jsonc"))).toBe(mine);
    expect(existsSync(join(dir, "taw-tui-session.js"))).toBe(false);
  });

  test("a tui.jsonc taw made goes again, and a plugin list it added to the user's file", () => {
    const env = scratchHome();
    const dir = join(env.HOME as string, ".config", "opencode");
    mkdirSync(dir, { recursive: true });
    opencode.install(env, TAW);
    expect(JSON.parse(read(join(dir, "tui.jsonc")))).toEqual({ plugin: ["./taw-tui-session.js"] });
    opencode.uninstall(env);
    expect(existsSync(join(dir, "tui.jsonc"))).toBe(false);

    writeFileSync(join(dir, "tui.jsonc"), '{\n  "theme": "dark"\n}\n');
    opencode.install(env, TAW);
    expect(JSON.parse(read(join(dir, "tui.jsonc")))).toEqual({
      theme: "dark",
      plugin: ["./taw-tui-session.js"],
    });
    opencode.uninstall(env);
    expect(read(join(dir, "tui.jsonc"))).toBe('{\n  "theme": "dark"\n}\n');
  });
});
