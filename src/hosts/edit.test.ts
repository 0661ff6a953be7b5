import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../config/load.ts";
import { addHost, removeHost } from "./edit.ts";

function scratch(text?: string) {
  const dir = mkdtempSync(join(tmpdir(), "taw-hosts-edit-"));
  if (text !== undefined) writeFileSync(join(dir, "config.toml"), text);
  return { env: { TAW_CONFIG_DIR: dir }, file: join(dir, "config.toml") };
}

const USER = `# my settings
[notify]
delay_seconds = 3 # short

# pip
[pip]
corner = "top-left"
`;

describe("addHost / removeHost", () => {
  test("an add appends one table and keeps every comment; a remove gives the file back", () => {
    const { env, file } = scratch(USER);
    addHost(env, "box", { ssh: "me@box" });
    addHost(env, "work", { socket: "work" });
    const text = readFileSync(file, "utf8");
    expect(text).toBe(`${USER}\n[hosts.box]\nssh = "me@box"\n\n[hosts.work]\nsocket = "work"\n`);
    const { config, problems } = loadConfig(env);
    expect(problems).toEqual([]);
    expect(config.hosts.box?.ssh).toBe("me@box");
    expect(config.hosts.work?.socket).toBe("work");
    removeHost(env, "box");
    removeHost(env, "work");
    expect(readFileSync(file, "utf8")).toBe(USER);
  });

  test("a table in the middle goes with its keys, and the comments before the next table stay", () => {
    const { env, file } = scratch(`[hosts.box]\nssh = "b" # mine\n\n# pip\n[pip]\ncorner = "top-left"\n`);
    removeHost(env, "box");
    expect(readFileSync(file, "utf8")).toBe(`# pip\n[pip]\ncorner = "top-left"\n`);
  });

  test("a missing file is created; a symlinked config.toml is written through", () => {
    const { env, file } = scratch();
    addHost(env, "box", { ssh: "ssh://me@10.0.0.2:2222", taw: "/opt/taw" });
    expect(readFileSync(file, "utf8")).toBe(
      `[hosts.box]\nssh = "ssh://me@10.0.0.2:2222"\ntaw = "/opt/taw"\n`,
    );
    const target = scratch(USER);
    const linked = scratch();
    symlinkSync(target.file, linked.file);
    addHost(linked.env, "box", { ssh: "b" });
    expect(readFileSync(target.file, "utf8")).toContain("[hosts.box]");
  });

  test("bad input is refused and changes nothing", () => {
    const { env, file } = scratch(USER);
    expect(() => addHost(env, "local", { ssh: "x" })).toThrow(/not 'local'/);
    expect(() => addHost(env, "Box", { ssh: "x" })).toThrow(/host name 'Box'/);
    expect(() => addHost(env, "box", { ssh: "-oProxyCommand=x" })).toThrow(/must not start with '-'/);
    expect(() => addHost(env, "box", { ssh: "a b" })).toThrow(/one word/);
    expect(() => addHost(env, "box", {})).toThrow(/exactly one/);
    expect(() => addHost(env, "box", { ssh: "x", socket: "y" })).toThrow(/exactly one/);
    expect(() => removeHost(env, "box")).toThrow(/no host 'box'/);
    addHost(env, "box", { ssh: "x" });
    expect(() => addHost(env, "box", { ssh: "y" })).toThrow(/already/);
    expect(readFileSync(file, "utf8")).toBe(`${USER}\n[hosts.box]\nssh = "x"\n`);
  });

  test("hosts written as an inline table or a broken file are left for the user to edit", () => {
    const inline = scratch(`hosts = { box = { ssh = "b" } }\n`);
    expect(() => addHost(inline.env, "two", { ssh: "t" })).toThrow(/by hand/);
    expect(() => removeHost(inline.env, "box")).toThrow(/by hand/);
    expect(readFileSync(inline.file, "utf8")).toBe(`hosts = { box = { ssh = "b" } }\n`);
    const broken = scratch("[pip\n");
    expect(() => addHost(broken.env, "box", { ssh: "b" })).toThrow(/not valid TOML/);
  });
});
