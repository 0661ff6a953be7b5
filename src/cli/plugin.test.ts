import { describe, expect, test } from "bun:test";
import { tmuxQuote } from "../tmux/escape.ts";
import { type Binding, HOOK_SLOT, KEY_NOTES, parseBindings, parseUserKeys } from "../tmux-plugin/record.ts";
import { focusHooks, installCommands, scratchKeys, tawShell, uninstallCommands } from "./plugin.ts";

const ours: Binding = { line: "bind-key -T prefix A run-shell taw", ours: true };
const none = new Map<string, Binding>();
const USER_A = 'bind-key -T prefix A display-message "mine"';

const settings = {
  taw: "/opt/my #taw/bin/taw",
  popupKeys: ["A"],
  nextKeys: ["O"],
  inboxKeys: ["B"],
  clearKeys: [] as string[],
  framedPopup: true,
  scratchKeys: [],
  actionKeys: [],
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
    const previous = { keys: ["F5"], hooks: ["client-focus-in", "pane-focus-in"], userKeys: {} };
    const commands = installCommands(settings, previous, new Map([["F5", ours]]));
    expect(commands[0]).toEqual(["unbind-key", "-T", "prefix", "F5"]);
    expect(commands[1]).toEqual(["set-hook", "-gu", `client-focus-in[${HOOK_SLOT}]`]);
    const hooks = commands.filter((command) => command[0] === "set-hook" && command[1] === "-g");
    expect(hooks.map((command) => command[2])).toEqual([
      `after-select-pane[${HOOK_SLOT}]`,
      `pane-focus-in[${HOOK_SLOT}]`,
      `pane-exited[${HOOK_SLOT}]`,
    ]);
    expect(commands.some((command) => command.includes("engine"))).toBe(false);
    const withEngine = installCommands(
      { ...settings, watch: true },
      { keys: [], hooks: [], userKeys: {} },
      none,
    );
    expect(withEngine.at(-1)).toEqual([
      "run-shell",
      "-b",
      "'/opt/my ##taw/bin/taw' engine >/dev/null 2>&1 || true",
    ]);
  });

  test("config.toml's scratch keys: the session's and each entry's, none for an empty key", () => {
    const keys = scratchKeys({
      key: "S",
      width: "80%",
      height: "80%",
      entries: { git: { key: "G", command: "lazygit" }, notes: { command: "vim" } },
    });
    expect(keys).toEqual([{ key: "S" }, { key: "G", name: "git" }]);
    const commands = installCommands(
      { ...settings, scratchKeys: keys },
      { keys: [], hooks: [], userKeys: {} },
      none,
    );
    const bound = commands.filter(
      (command) => command[0] === "bind-key" && command.includes("taw: show or hide the scratch shell"),
    );
    expect(bound.map((command) => [command[5], command.at(-1)])).toEqual([
      ["S", "TAW_CLIENT='#{client_name}' '/opt/my ##taw/bin/taw' scratch >/dev/null 2>&1 || true"],
      ["G", "TAW_CLIENT='#{client_name}' '/opt/my ##taw/bin/taw' scratch git >/dev/null 2>&1 || true"],
    ]);
    expect(commands.find((command) => command.includes("@agent_wizard_keys"))?.at(-1)).toBe("A O B S G");
    expect(scratchKeys({ key: "", width: "80%", height: "80%", entries: {} })).toEqual([]);
  });

  test("uninstall removes exactly what was recorded", () => {
    const previous = { keys: ["A", "O"], hooks: ["after-select-pane"], userKeys: {} };
    const commands = uninstallCommands(
      previous,
      new Map([
        ["A", ours],
        ["O", ours],
      ]),
    );
    expect(commands.slice(0, 3)).toEqual([
      ["unbind-key", "-T", "prefix", "A"],
      ["unbind-key", "-T", "prefix", "O"],
      ["set-hook", "-gu", `after-select-pane[${HOOK_SLOT}]`],
    ]);
  });

  test("a user's binding is recorded at install and put back at uninstall, only where taw's still is", () => {
    const first = installCommands(
      settings,
      { keys: [], hooks: [], userKeys: {} },
      new Map([["A", { line: USER_A, ours: false }]]),
    );
    const record = first.find((command) => command.includes("@agent_wizard_user_keys"));
    expect(record?.at(-1)).toBe(JSON.stringify({ A: USER_A }));
    // A reload finds taw's own binding on A: the user's is kept from the record, not replaced by taw's.
    const installed = { keys: ["A", "O"], hooks: [], userKeys: { A: USER_A } };
    const again = installCommands(
      settings,
      installed,
      new Map([
        ["A", ours],
        ["O", ours],
      ]),
    );
    expect(again.find((command) => command.includes("@agent_wizard_user_keys"))?.at(-1)).toBe(
      JSON.stringify({ A: USER_A }),
    );
    expect(
      uninstallCommands(
        installed,
        new Map([
          ["A", ours],
          ["O", ours],
        ]),
      ).slice(0, 3),
    ).toEqual([
      ["unbind-key", "-T", "prefix", "A"],
      ["if-shell", "-F", "1", USER_A],
      ["unbind-key", "-T", "prefix", "O"],
    ]);
    // The user rebound A since: it is theirs, left alone.
    const rebound = uninstallCommands(
      installed,
      new Map([
        ["A", { line: USER_A, ours: false }],
        ["O", ours],
      ]),
    );
    expect(rebound.filter((command) => command.includes("A"))).toEqual([]);
  });

  test("bindings are read with their notes; unbound keys have none", () => {
    const bindings = parseBindings(
      ["A", "O", "X"],
      [
        { ok: true, output: "bind-key -T prefix A run-shell x\n" },
        { ok: true, output: `A ${KEY_NOTES.popup}\n` },
        { ok: true, output: USER_A },
        { ok: false, output: "" },
        { ok: false, output: "" },
        { ok: false, output: "" },
      ],
    );
    expect(bindings.get("A")).toEqual({ line: "bind-key -T prefix A run-shell x", ours: true });
    expect(bindings.get("O")).toEqual({ line: USER_A, ours: false });
    expect(bindings.get("X")).toEqual({ line: undefined, ours: false });
    expect(parseUserKeys("not json")).toEqual({});
    expect(parseUserKeys('{"A":"x","B":1}')).toEqual({ A: "x" });
  });
});
