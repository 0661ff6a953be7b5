// taw plugin install|uninstall: the key bindings and focus hooks taw gives tmux. The plugin
// file (assets/taw.tmux) only finds taw and runs `taw plugin install`; everything else is
// here so it can be tested and gated on tmux's version.
//
// Idempotence: every hook taw sets sits at one fixed index of that hook's array
// (`after-select-pane[47]`), so a second load overwrites it rather than adding one; the keys
// bound and the hooks set are recorded in global options, so a reload after the user changes
// a key unbinds the old one, and uninstall removes exactly what was added.

import { resolve } from "node:path";
import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { formatLiteral, shellQuote, tmuxQuote } from "../tmux/escape.ts";
import { setOption, showOption, unsetOption } from "../tmux/options.ts";
import { detectVersion, features, type TmuxVersion } from "../tmux/version.ts";
import { VERSION } from "../version.ts";
import { defineCommand } from "./command.ts";
import { popupKeyShell } from "./dashboard.ts";

/** The index taw's entry takes in each hook's array: high enough to leave the user's alone. */
export const HOOK_SLOT = 47;
export const FOCUS_HOOKS = [
  "after-select-pane",
  "after-select-window",
  "client-session-changed",
  "pane-focus-in",
];
/** The key table taw binds in. */
const TABLE = "prefix";

/** What taw recorded at install (global options it owns). */
const RECORD = { keys: "@agent_wizard_keys", hooks: "@agent_wizard_hooks", version: "@agent_wizard_version" };
/** What the user sets (ARCHITECTURE.md: user options are spelled with dashes). */
const USER = {
  popupKeys: "@agent-wizard",
  nextKeys: "@agent-wizard-notification-key",
  watch: "@agent-wizard-watch",
  bin: "@agent-wizard-bin",
};
const DEFAULT_KEYS = { popup: "A", next: "O" };

export const DEFAULT_TAW = resolve(import.meta.dir, "../../bin/taw");

export interface PluginSettings {
  taw: string;
  popupKeys: string[];
  nextKeys: string[];
  watch: boolean;
  hooks: string[];
}

export interface Installed {
  keys: string[];
  hooks: string[];
}

/** The shell command tmux runs (through run-shell, which expands formats in it: the path's
 * `#` is doubled, the `#{…}` taw asks for are left to expand). Never fails, never prints. */
export function tawShell(taw: string, args: string, env = ""): string {
  return `${env}${formatLiteral(shellQuote(taw))} ${args} >/dev/null 2>&1 || true`;
}

const runShell = (shell: string) => ["run-shell", "-b", shell];

const words = (value: string) => value.split(/\s+/).filter(Boolean);

/** The hooks taw sets on this tmux: client-focus-in only where tmux has it. */
export function focusHooks(version: TmuxVersion): string[] {
  return features(version).clientFocusHooks ? [...FOCUS_HOOKS, "client-focus-in"] : [...FOCUS_HOOKS];
}

const unbind = (key: string) => ["unbind-key", "-T", TABLE, key];
const unsetHook = (hook: string) => ["set-hook", "-gu", `${hook}[${HOOK_SLOT}]`];

/** Commands that remove what a previous install recorded. */
export function uninstallCommands(previous: Installed): string[][] {
  return [
    ...previous.keys.map(unbind),
    ...previous.hooks.map(unsetHook),
    unsetOption({ kind: "global" }, RECORD.keys),
    unsetOption({ kind: "global" }, RECORD.hooks),
  ];
}

/** Commands that bind the keys, set the hooks, record both and (unless off) start the engine. */
export function installCommands(settings: PluginSettings, previous: Installed): string[][] {
  const { taw } = settings;
  // The client that pressed the key, so popup and next act on that terminal.
  const client = "TAW_CLIENT='#{client_name}' ";
  const seen = `run-shell -b ${tmuxQuote(tawShell(taw, "seen '#{pane_id}'"))}`;
  const keys = [...new Set([...settings.popupKeys, ...settings.nextKeys])];
  const global = { kind: "global" } as const;
  return [
    ...previous.keys.map(unbind),
    ...previous.hooks.filter((hook) => !settings.hooks.includes(hook)).map(unsetHook),
    ...settings.popupKeys.map((key) => ["bind-key", "-T", TABLE, key, ...runShell(popupKeyShell())]),
    ...settings.nextKeys.map((key) => [
      "bind-key",
      "-T",
      TABLE,
      key,
      ...runShell(tawShell(taw, "next", client)),
    ]),
    ...settings.hooks.map((hook) => ["set-hook", "-g", `${hook}[${HOOK_SLOT}]`, seen]),
    setOption(global, RECORD.keys, keys.join(" ")),
    setOption(global, RECORD.hooks, settings.hooks.join(" ")),
    setOption(global, RECORD.version, VERSION),
    ...(settings.watch ? [runShell(tawShell(taw, "engine"))] : []),
  ];
}

/** The user's settings and what a previous install recorded, in one tmux process. */
async function readState(
  tmux: Tmux,
): Promise<{ user: Record<keyof typeof USER, string>; previous: Installed }> {
  const global = { kind: "global" } as const;
  const names = [...Object.values(USER), RECORD.keys, RECORD.hooks];
  const results = await tmux.batch(names.map((name) => showOption(global, name)));
  const value = (index: number) => (results[index]?.ok ? (results[index]?.output ?? "").trim() : "");
  const [popupKeys, nextKeys, watch, bin, keys, hooks] = names.map((_, index) => value(index)) as string[];
  return {
    user: { popupKeys: popupKeys ?? "", nextKeys: nextKeys ?? "", watch: watch ?? "", bin: bin ?? "" },
    previous: { keys: words(keys ?? ""), hooks: words(hooks ?? "") },
  };
}

async function failures(tmux: Tmux, commands: string[][]): Promise<string[]> {
  const results = await tmux.batch(commands);
  // unbind-key of a key the user already unbound is not a failure worth reporting.
  return results.flatMap((result, index) =>
    result.ok || commands[index]?.[0] === "unbind-key"
      ? []
      : [`${commands[index]?.join(" ")}: ${result.error}`],
  );
}

export const pluginInstall = defineCommand({
  path: ["plugin", "install"],
  summary: "bind the popup and next-up keys and set the focus hooks (what assets/taw.tmux runs)",
  flags: { bin: { type: "string", description: "the taw the bindings run (default: this one)" } },
  async run(ctx) {
    const [{ user, previous }, version] = await Promise.all([readState(ctx.tmux), detectVersion()]);
    const settings: PluginSettings = {
      taw: user.bin || (ctx.args.flags.bin as string | undefined) || DEFAULT_TAW,
      popupKeys: words(user.popupKeys || DEFAULT_KEYS.popup),
      nextKeys: words(user.nextKeys || DEFAULT_KEYS.next),
      watch: user.watch !== "off",
      hooks: focusHooks(version),
    };
    const problems = await failures(ctx.tmux, installCommands(settings, previous));
    if (problems.length > 0)
      throw new TawError("plugin_failed", `some plugin commands failed:\n${problems.join("\n")}`);
    return settings;
  },
  render: (settings) =>
    [
      `popup: prefix ${settings.popupKeys.join(", ")}; next up: prefix ${settings.nextKeys.join(", ")}`,
      `focus hooks: ${settings.hooks.join(", ")}`,
      `engine: ${settings.watch ? "started in the background" : "not started (@agent-wizard-watch off)"}`,
    ].join("\n"),
});

export const pluginUninstall = defineCommand({
  path: ["plugin", "uninstall"],
  summary: "remove every key binding and hook taw added",
  async run(ctx) {
    const { previous } = await readState(ctx.tmux);
    const problems = await failures(ctx.tmux, uninstallCommands(previous));
    if (problems.length > 0)
      throw new TawError("plugin_failed", `some removals failed:\n${problems.join("\n")}`);
    return previous;
  },
  render: (removed) =>
    removed.keys.length + removed.hooks.length === 0
      ? "nothing to remove: the plugin is not installed on this server"
      : `removed keys ${removed.keys.join(", ") || "-"} and hooks ${removed.hooks.join(", ") || "-"}`,
});

export const pluginCommands = [pluginInstall, pluginUninstall];
