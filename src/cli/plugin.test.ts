import { describe, expect, test } from "bun:test";
import { tmuxQuote } from "../tmux/escape.ts";
import { focusHooks, HOOK_SLOT, installCommands, tawShell, uninstallCommands } from "./plugin.ts";

const settings = {
  taw: "/opt/my #taw/bin/taw",
  popupKeys: ["A"],
  nextKeys: ["O"],
  watch: false,
  hooks: ["after-select-pane", "pane-focus-in"],
};

describe("plugin commands", () => {
  test("client-focus-in only where tmux has it", () => {
    expect(focusHooks({ major: 3, minor: 3, text: "3.3a" })).not.toContain("client-focus-in");
    expect(focusHooks({ major: 3, minor: 6, text: "3.6" })).toContain("client-focus-in");
  });

  test("shell commands never fail and never print; the path's # survives run-shell's format expansion", () => {
    expect(tawShell("/a b/taw", "seen")).toBe("'/a b/taw' seen >/dev/null 2>&1 || true");
    expect(tawShell("/x#y/taw", "next")).toBe("'/x##y/taw' next >/dev/null 2>&1 || true");
    expect(tmuxQuote('a "b" $HOME \\')).toBe('"a \\"b\\" \\$HOME \\\\"');
  });

  test("install replaces what a previous install recorded, hooks at the fixed slot", () => {
    const commands = installCommands(settings, { keys: ["F5"], hooks: ["client-focus-in", "pane-focus-in"] });
    expect(commands[0]).toEqual(["unbind-key", "-T", "prefix", "F5"]);
    expect(commands[1]).toEqual(["set-hook", "-gu", `client-focus-in[${HOOK_SLOT}]`]);
    const hooks = commands.filter((command) => command[0] === "set-hook" && command[1] === "-g");
    expect(hooks.map((command) => command[2])).toEqual([
      `after-select-pane[${HOOK_SLOT}]`,
      `pane-focus-in[${HOOK_SLOT}]`,
    ]);
    expect(commands.some((command) => command.includes("engine"))).toBe(false);
    const withEngine = installCommands({ ...settings, watch: true }, { keys: [], hooks: [] });
    expect(withEngine.at(-1)).toEqual([
      "run-shell",
      "-b",
      "'/opt/my ##taw/bin/taw' engine >/dev/null 2>&1 || true",
    ]);
  });

  test("uninstall removes exactly what was recorded", () => {
    const commands = uninstallCommands({ keys: ["A", "O"], hooks: ["after-select-pane"] });
    expect(commands.slice(0, 3)).toEqual([
      ["unbind-key", "-T", "prefix", "A"],
      ["unbind-key", "-T", "prefix", "O"],
      ["set-hook", "-gu", `after-select-pane[${HOOK_SLOT}]`],
    ]);
  });
});
