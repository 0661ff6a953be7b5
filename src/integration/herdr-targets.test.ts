// The integrations for the agents herdr integrates that taw added last (omp, Mastra Code,
// Hermes, Grok, Devin, Antigravity, Qoder): each one's text in and out, idempotent, and the
// user's own entries left as they were.

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { antigravity } from "./antigravity.ts";
import { devin } from "./devin.ts";
import { grok } from "./grok.ts";
import { hermes } from "./hermes.ts";
import { disablePlugin, enablePlugin } from "./hermes-yaml.ts";
import { MARKER } from "./hook-command.ts";
import { mastracode } from "./mastracode.ts";
import { omp } from "./omp.ts";
import { pi } from "./pi.ts";
import { qodercli } from "./qodercli.ts";
import { findIntegration } from "./registry.ts";
import type { Env } from "./types.ts";

const TAW = "/opt/taw/bin/taw";
const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function scratchHome(...folders: string[]): Env {
  const home = mkdtempSync(join(tmpdir(), "taw-integration-"));
  homes.push(home);
  for (const folder of folders) mkdirSync(join(home, folder), { recursive: true });
  return { HOME: home };
}

const read = (path: string) => readFileSync(path, "utf8");
const json = (path: string) => JSON.parse(read(path));

describe("Mastra Code", () => {
  const mine = `${JSON.stringify({ Stop: [{ type: "command", command: "echo mine" }] }, null, 2)}\n`;

  test("its hooks.json is the hooks object: taw's entries go beside the user's, one per event", () => {
    const env = scratchHome(".mastracode");
    const file = join(env.HOME as string, ".mastracode", "hooks.json");
    writeFileSync(file, mine);
    mastracode.install(env, TAW);
    const hooks = json(file);
    expect(Object.keys(hooks)).toEqual([
      "Stop",
      "SessionStart",
      "UserPromptSubmit",
      "AgentStart",
      "PreToolUse",
      "PermissionRequest",
      "PermissionResult",
      "SubagentStart",
      "SubagentEnd",
      "Interrupt",
      "AgentEnd",
    ]);
    expect(hooks.Stop[0]).toEqual({ type: "command", command: "echo mine" });
    expect(hooks.Stop[1].command).toContain(
      "report-agent --source mastracode --agent mastracode --state idle",
    );
    expect(hooks.PermissionRequest).toEqual([
      { type: "command", command: expect.stringContaining("--state blocked --hook-input"), timeout: 10_000 },
    ]);
    expect(hooks.SessionStart[0].command).toContain(
      "report-agent-session --source mastracode --agent mastracode --hook-input --quiet -- mastracode --thread '{session_id}'",
    );
    expect(mastracode.install(env, TAW).changed).toBe(false);
    mastracode.uninstall(env);
    expect(read(file)).toBe(mine);
  });

  test("a hooks.json taw made goes again; one that is not an object is refused", () => {
    const env = scratchHome(".mastracode");
    const file = join(env.HOME as string, ".mastracode", "hooks.json");
    mastracode.install(env, TAW);
    expect(mastracode.installed(env)).toBe(true);
    mastracode.uninstall(env);
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, "[]\n");
    expect(() => mastracode.install(env, TAW)).toThrow(/holds no JSON object/);
    expect(read(file)).toBe("[]\n");
  });
});

describe("oh-my-pi", () => {
  test("its extension goes in ~/.omp/agent/extensions beside pi's, under a name of its own", () => {
    const env = scratchHome(".omp/agent", ".pi/agent");
    omp.install(env, TAW);
    pi.install(env, TAW);
    const file = join(env.HOME as string, ".omp", "agent", "extensions", "taw-omp-agent-state.ts");
    expect(omp.files(env)).toEqual([file]);
    const text = read(file);
    expect(text).toContain(MARKER);
    expect(text).toContain('"--resume={session_id}"');
    expect(text).toContain('omp.on("tool_approval_requested"');
    expect(pi.installed(env)).toBe(true);
    omp.uninstall(env);
    expect(existsSync(file)).toBe(false);
    expect(pi.installed(env)).toBe(true);
  });

  test("$PI_CONFIG_DIR names its folder; a $PI_CODING_AGENT_DIR pi shares is refused", () => {
    const env: Env = { ...scratchHome(".my-omp/agent"), PI_CONFIG_DIR: ".my-omp" };
    omp.install(env, TAW);
    expect(existsSync(join(env.HOME as string, ".my-omp/agent/extensions/taw-omp-agent-state.ts"))).toBe(
      true,
    );
    const shared: Env = scratchHome("agent");
    shared.PI_CODING_AGENT_DIR = join(shared.HOME as string, "agent");
    expect(() => omp.install(shared, TAW)).toThrow(/pi and omp would share/);
    expect(existsSync(join(shared.PI_CODING_AGENT_DIR, "extensions"))).toBe(false);
  });
});

/** The reports a fake taw received: each call's verb, state and session, in --seq order. */
async function reportsIn(log: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100 && (existsSync(log) ? read(log).trim().split("\n").length : 0) < count; i++)
    await Bun.sleep(50);
  const calls = read(log)
    .trim()
    .split("\n")
    .map((line) => line.split(" "));
  const flag = (argv: string[], name: string) =>
    argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined;
  return calls
    .sort((a, b) => Number(flag(a, "--seq")) - Number(flag(b, "--seq")))
    .map((argv) =>
      [argv[1], flag(argv, "--state"), flag(argv, "--agent-session-id")].filter(Boolean).join(" "),
    )
    .map((line) => line.replace(" undefined", ""));
}

test("omp's extension, driven through omp's events, reports session, work, approvals, questions and idle", async () => {
  const env = scratchHome(".omp/agent");
  const log = join(env.HOME as string, "calls");
  const fake = join(env.HOME as string, "taw");
  writeFileSync(fake, `#!/bin/sh\necho "$*" >> '${log}'\n`, { mode: 0o755 });
  omp.install(env, fake);
  const handlers = new Map<string, (event: unknown, ctx: unknown) => void>();
  const saved = process.env.TMUX_PANE;
  process.env.TMUX_PANE = "%7";
  try {
    const loaded = await import(omp.files(env)[0] as string);
    loaded.default({
      on: (name: string, handler: (event: unknown, ctx: unknown) => void) => handlers.set(name, handler),
    });
    const ctx = {
      hasUI: true,
      isIdle: () => true,
      sessionManager: { getSessionId: () => "omp-1", getSessionFile: () => undefined },
    };
    const sub = { ...ctx, hasUI: false };
    const fire = (name: string, event: unknown = {}, context: unknown = ctx) =>
      handlers.get(name)?.(event, context);
    fire("session_start", { reason: "startup" });
    fire("agent_start");
    fire("agent_start", {}, sub);
    fire("tool_approval_requested", { toolName: "bash" });
    fire("tool_approval_resolved", { toolName: "bash" });
    fire("tool_execution_start", { toolName: "ask", args: { questions: [{ question: "Which?" }] } });
    fire("tool_execution_end", { toolName: "ask" });
    fire("tool_execution_start", { toolName: "bash" });
    fire("agent_end", { messages: [] });
    expect(await reportsIn(log, 8)).toEqual([
      "report-agent-session omp-1",
      "report-agent idle omp-1",
      "report-agent working omp-1",
      "report-agent blocked omp-1",
      "report-agent working omp-1",
      "report-agent blocked omp-1",
      "report-agent working omp-1",
      "report-agent idle omp-1",
    ]);
  } finally {
    if (saved === undefined) delete process.env.TMUX_PANE;
    else process.env.TMUX_PANE = saved;
  }
});

describe("Hermes Agent", () => {
  const FILE = "/x/config.yaml";
  const item = `- taw-agent-state # ${MARKER}`;

  test("enabled under plugins: in each layout, and given back exactly", () => {
    const cases: [string, string][] = [
      ["model: x\n", `model: x\nplugins: # ${MARKER}\n  enabled: # ${MARKER}\n    ${item}\n`],
      [
        "plugins:\n  enabled:\n    - mine\nmodel: x\n",
        `plugins:\n  enabled:\n    - mine\n    ${item}\nmodel: x\n`,
      ],
      ["plugins:\n  enabled:\n  - mine\n", `plugins:\n  enabled:\n  - mine\n  ${item}\n`],
      [
        "plugins:\n    disabled: []\n",
        `plugins:\n    enabled: # ${MARKER}\n      ${item}\n    disabled: []\n`,
      ],
      ["", `plugins: # ${MARKER}\n  enabled: # ${MARKER}\n    ${item}\n`],
    ];
    for (const [before, after] of cases) {
      const enabled = enablePlugin(before, FILE, "taw-agent-state");
      expect(enabled).toBe(after);
      expect(enablePlugin(enabled, FILE, "taw-agent-state")).toBe(enabled);
      expect(disablePlugin(enabled, "taw-agent-state")).toBe(before);
    }
  });

  test("a plugin the user lists under taw's keys keeps them; an inline list is refused", () => {
    const enabled = enablePlugin("", FILE, "taw-agent-state");
    const mine = enabled.replace(item, `${item}\n    - mine`);
    expect(disablePlugin(mine, "taw-agent-state")).toBe(
      `plugins: # ${MARKER}\n  enabled: # ${MARKER}\n    - mine\n`,
    );
    expect(() => enablePlugin("plugins:\n  enabled: [a, b]\n", FILE, "taw-agent-state")).toThrow(
      /add 'taw-agent-state' under plugins: enabled: yourself/,
    );
    expect(() => enablePlugin("plugins: {enabled: [a]}\n", FILE, "taw-agent-state")).toThrow(/yourself/);
  });

  test("install writes the plugin folder and enables it; uninstall takes out both", () => {
    const env = scratchHome(".hermes");
    const dir = join(env.HOME as string, ".hermes");
    writeFileSync(join(dir, "config.yaml"), "model: hermes-4\n");
    hermes.install(env, TAW);
    const plugin = join(dir, "plugins", "taw-agent-state");
    expect(read(join(plugin, "plugin.yaml"))).toContain("name: taw-agent-state");
    const init = read(join(plugin, "__init__.py"));
    expect(init).toContain(`TAW = "${TAW}"`);
    expect(init).toContain('ctx.register_hook("on_session_start"');
    expect(read(join(dir, "config.yaml"))).toContain(item);
    expect(hermes.installed(env)).toBe(true);
    expect(hermes.install(env, TAW).changed).toBe(false);
    hermes.uninstall(env);
    expect(read(join(dir, "config.yaml"))).toBe("model: hermes-4\n");
    expect(existsSync(plugin)).toBe(false);
    expect(existsSync(join(dir, "plugins"))).toBe(true);
  });

  test("the plugin, loaded as Hermes loads it, reports each interactive session once", () => {
    const env = scratchHome(".hermes");
    const log = join(env.HOME as string, "calls");
    const fake = join(env.HOME as string, "taw");
    writeFileSync(fake, `#!/bin/sh\necho "$*" >> '${log}'\n`, { mode: 0o755 });
    hermes.install(env, fake);
    const folder = join(env.HOME as string, ".hermes", "plugins", "taw-agent-state");
    const driver = `
import importlib.util, time
spec = importlib.util.spec_from_file_location("p", "${folder}/__init__.py")
p = importlib.util.module_from_spec(spec); spec.loader.exec_module(p)
hooks = {}
class Ctx:
    def register_hook(self, name, fn): hooks[name] = fn
p.register(Ctx())
hooks["on_session_start"](session_id="hm-1", platform="cli")
hooks["pre_llm_call"](session_id="hm-1", platform="cli")
hooks["on_session_start"](session_id="gw-1", platform="telegram")
hooks["on_session_reset"](session_id="hm-2", platform="tui")
time.sleep(0.5)
`;
    const run = Bun.spawnSync(["python3", "-c", driver], {
      env: { PATH: process.env.PATH, TMUX_PANE: "%9" },
    });
    expect(run.exitCode).toBe(0);
    const argvs = read(log).trim().split("\n").sort();
    expect(argvs).toEqual(
      ["hm-1", "hm-2"].map(
        (id) =>
          `pane report-agent-session --source hermes --agent hermes --agent-session-id ${id} --quiet -- hermes --resume {session_id}`,
      ),
    );
  });
});

describe("session hooks in the agents' own files", () => {
  test("Qoder CLI: SessionStart with matcher * in ~/.qoder/settings.json ($QODER_CONFIG_DIR)", () => {
    const env = scratchHome("q");
    env.QODER_CONFIG_DIR = join(env.HOME as string, "q");
    qodercli.install(env, TAW);
    const hooks = json(join(env.QODER_CONFIG_DIR, "settings.json")).hooks;
    expect(Object.keys(hooks)).toEqual(["SessionStart"]);
    expect(hooks.SessionStart[0].matcher).toBe("*");
    expect(hooks.SessionStart[0].hooks[0].command).toContain("-- qodercli --resume '{session_id}'");
  });

  test("Devin CLI: the session reported on the events of a turn too, in $XDG_CONFIG_HOME/devin/config.json", () => {
    const env = scratchHome("xdg/devin");
    env.XDG_CONFIG_HOME = join(env.HOME as string, "xdg");
    devin.install(env, TAW);
    const hooks = json(join(env.XDG_CONFIG_HOME, "devin", "config.json")).hooks;
    expect(Object.keys(hooks)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "PermissionRequest",
      "Stop",
    ]);
    for (const groups of Object.values(hooks) as { hooks: { command: string }[] }[][])
      expect(groups[0]?.hooks[0]?.command).toContain("report-agent-session --source devin --agent devin");
  });

  test("Grok CLI: a hook file of taw's own; the user's other hook files are not touched", () => {
    const env = scratchHome(".grok/hooks");
    const mine = join(env.HOME as string, ".grok", "hooks", "mine.json");
    writeFileSync(mine, '{"hooks":{}}\n');
    grok.install(env, TAW);
    const file = join(env.HOME as string, ".grok", "hooks", "taw-session.json");
    expect(json(file).hooks.SessionStart[0].hooks[0]).toMatchObject({ type: "command", timeout: 10 });
    grok.uninstall(env);
    expect(existsSync(file)).toBe(false);
    expect(read(mine)).toBe('{"hooks":{}}\n');
  });

  test("Antigravity: a hook named taw beside the user's; its hook answers {} on stdout", () => {
    const env = scratchHome(".gemini/config");
    const file = join(env.HOME as string, ".gemini", "config", "hooks.json");
    const mine = `${JSON.stringify({ mine: { Stop: [{ type: "command", command: "echo hi" }] } }, null, 2)}\n`;
    writeFileSync(file, mine);
    antigravity.install(env, TAW);
    const value = json(file);
    expect(Object.keys(value)).toEqual(["mine", "taw"]);
    expect(Object.keys(value.taw)).toEqual(["PreInvocation"]);
    const command = value.taw.PreInvocation[0].command as string;
    expect(command).toContain("report-agent-session --source antigravity --agent antigravity --hook-input");
    // Outside tmux nothing is reported, and the answer is still there.
    const run = Bun.spawnSync(["sh", "-c", command], { env: { PATH: process.env.PATH } });
    expect(run.stdout.toString()).toBe("{}\n");
    expect(antigravity.install(env, TAW).changed).toBe(false);
    antigravity.uninstall(env);
    expect(read(file)).toBe(mine);
  });

  test("Antigravity: a hook the user named taw is theirs: install refuses", () => {
    const env = scratchHome(".gemini/config");
    const file = join(env.HOME as string, ".gemini", "config", "hooks.json");
    writeFileSync(file, '{"taw": {}}\n');
    expect(() => antigravity.install(env, TAW)).toThrow(/'taw' in .* is not taw's/);
    expect(antigravity.uninstall(env).changed).toBe(false);
    expect(read(file)).toBe('{"taw": {}}\n');
    expect(dirname(file)).toBe(join(env.HOME as string, ".gemini", "config"));
  });
});

test("herdr's name for Antigravity's integration, and its command, find taw's", () => {
  expect(findIntegration("antigravity_cli")).toBe(antigravity);
  expect(findIntegration("agy")).toBe(antigravity);
  expect(findIntegration("antigravity")).toBe(antigravity);
  expect(findIntegration("nope")).toBeUndefined();
});
