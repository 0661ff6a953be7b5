import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultConfig } from "./defaults.ts";
import { loadConfig, parseConfig } from "./load.ts";
import { keyLines, splitKey } from "./locate.ts";

const DEFAULT_FILE = join(import.meta.dir, "../../assets/config.default.toml");

describe("the default file", () => {
  test("parses with no problems and says exactly what the defaults are", () => {
    const { config, problems } = parseConfig(readFileSync(DEFAULT_FILE, "utf8"));
    expect(problems).toEqual([]);
    expect(config).toEqual(defaultConfig());
  });
});

describe("problems", () => {
  test("an unknown key names its line and the nearest known key", () => {
    const { config, problems } = parseConfig("[notify]\nenabled = false\ndelai_seconds = 3\n");
    expect(problems).toEqual([
      {
        kind: "unknown_key",
        key: "notify.delai_seconds",
        line: 3,
        message: "unknown key 'notify.delai_seconds'",
        hint: "did you mean 'notify.delay_seconds'?",
      },
    ]);
    expect(config.notify.enabled).toBe(false);
    expect(config.notify.delay_seconds).toBe(1);
  });

  test("a value of the wrong type keeps the default", () => {
    const { config, problems } = parseConfig('[notify]\n\ndelay_seconds = "soon"\n');
    expect(problems[0]).toMatchObject({ kind: "wrong_type", line: 3 });
    expect(problems[0]?.message).toBe("'notify.delay_seconds' must be a number, not a string");
    expect(config.notify.delay_seconds).toBe(1);
  });

  test("values out of range, not in the list, or not a colour", () => {
    const { config, problems } = parseConfig(
      ["[notify]", "delay_seconds = -1", 'terminal = "osc8"', "[ui.colors]", 'done = "chartreuse-ish"'].join(
        "\n",
      ),
    );
    expect(problems.map((problem) => [problem.kind, problem.key, problem.line])).toEqual([
      ["bad_value", "notify.delay_seconds", 2],
      ["bad_value", "notify.terminal", 3],
      ["bad_value", "ui.colors.done", 5],
    ]);
    expect(problems[1]?.message).toContain("must be one of auto, osc9, osc777, osc99, off");
    expect(config.notify.terminal).toBe("auto");
    expect(config.ui.colors.done).toBe(defaultConfig().ui.colors.done);
  });

  test("a syntax error gives its line and all defaults", () => {
    const { config, problems } = parseConfig("[ui]\nascii = true\nmuted = yes\n");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: "syntax", line: 3 });
    expect(config).toEqual(defaultConfig());
  });

  test("a status format with an unknown placeholder", () => {
    const { problems } = parseConfig('[status]\nformat = "{blocked} {waiting}"\n');
    expect(problems[0]?.message).toContain("unknown placeholder {waiting}");
  });

  test("a section that should be a table", () => {
    const { problems } = parseConfig('notify = "loud"\n');
    expect(problems[0]).toMatchObject({ kind: "wrong_type", key: "notify", line: 1 });
  });
});

describe("sessionizer, scratch and pip", () => {
  test("their settings are read, and a bad one names its key and keeps the default", () => {
    const { config, problems } = parseConfig(
      [
        "[sessionizer]",
        'roots = ["~/code"]',
        "depth = 9",
        "[scratch]",
        'width = "wide"',
        "[scratch.entries.git]",
        'key = "G"',
        'command = "lazygit"',
        "[pip]",
        'corner = "middle"',
        "height = 6",
      ].join("\n"),
    );
    expect(problems.map((problem) => [problem.kind, problem.key])).toEqual([
      ["bad_value", "sessionizer.depth"],
      ["bad_value", "scratch.width"],
      ["bad_value", "pip.corner"],
    ]);
    expect(config.sessionizer.roots).toEqual(["~/code"]);
    expect(config.sessionizer.depth).toBe(1);
    expect(config.scratch.width).toBe("80%");
    expect(config.scratch.entries.git).toEqual({ key: "G", command: "lazygit" });
    expect(config.pip).toEqual({ corner: "bottom-right", height: 6, width: 40 });
  });
});

describe("maps", () => {
  test("a new agent kind gets its name as command; a bad kind name is refused", () => {
    const { config, problems } = parseConfig(
      '[agents.mybot]\nargs = ["--fast"]\n[agents.Bad]\ncommand = "x"\n',
    );
    expect(config.agents.mybot).toEqual({ command: "mybot", args: ["--fast"] });
    expect(config.agents.claude?.command).toBe("claude");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: "bad_value", key: "agents.Bad", line: 3 });
  });

  test("per-agent notify overrides keep only what is set", () => {
    const { config } = parseConfig("[notify.agents.codex]\nsound = true\n");
    expect(config.notify.agents).toEqual({ codex: { sound: true } });
  });

  test("hooks by dotted or quoted event name; an unknown event is reported", () => {
    const { config, problems } = parseConfig(
      [
        "[hooks]",
        "timeout_seconds = 3",
        'agent.done = ["echo", "hi"]',
        '"agent.blocked" = "echo blocked"',
        'agent.finished = "x"',
      ].join("\n"),
    );
    expect(config.hooks.timeout_seconds).toBe(3);
    expect(config.hooks.events).toEqual({ "agent.done": ["echo", "hi"], "agent.blocked": "echo blocked" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: "unknown_key", line: 5 });
    expect(problems[0]?.message).toBe("unknown event 'hooks.\"agent.finished\"'");
    expect(problems[0]?.hint).toContain("agent.done");
  });

  test("sandbox profiles", () => {
    const { config, problems } = parseConfig(
      '[sandbox.profiles.box]\nruntime = "podman"\nimage = "img"\nenv = ["A"]\n',
    );
    expect(problems).toEqual([]);
    expect(config.sandbox.profiles.box).toEqual({
      runtime: "podman",
      image: "img",
      mounts: [],
      env: ["A"],
      args: [],
    });
  });
});

describe("locate", () => {
  test("keys by table and dotted or quoted names", () => {
    const lines = keyLines('a = 1\n[t.u]\nb.c = 2\n"d.e" = 3\ns = """\nx = 4\n"""\n');
    expect(lines.get("a")).toBe(1);
    expect(lines.get("t.u.b.c")).toBe(3);
    expect(lines.get('t.u."d.e"')).toBe(4);
    expect(lines.has("t.u.x")).toBe(false);
    expect(splitKey(' "a.b" . c ')).toEqual(["a.b", "c"]);
  });
});

describe("loadConfig", () => {
  test("no file is all defaults with no problems; a file is read from TAW_CONFIG_DIR", () => {
    const dir = mkdtempSync(join(tmpdir(), "taw-config-"));
    const missing = loadConfig({ TAW_CONFIG_DIR: dir });
    expect(missing).toMatchObject({ exists: false, problems: [], path: join(dir, "config.toml") });
    writeFileSync(join(dir, "config.toml"), "[ui]\nascii = true\n");
    const loaded = loadConfig({ TAW_CONFIG_DIR: dir });
    expect(loaded.exists).toBe(true);
    expect(loaded.config.ui.ascii).toBe(true);
  });
});
