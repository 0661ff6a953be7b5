// taw tmux install|uninstall: the key bindings and focus hooks taw gives tmux. The plugin
// file (assets/taw.tmux) only finds taw and runs `taw tmux install`; everything else is
// here so it can be tested and gated on tmux's version.
//
// Idempotence: every hook taw sets sits at one fixed index of that hook's array
// (`after-select-pane[47]`), so a second load overwrites it rather than adding one; the keys
// bound and the hooks set are recorded in global options, so a reload after the user changes
// a key unbinds the old one, and uninstall removes exactly what was added.
//
// A user's own binding of a key taw takes is read first (`list-keys`), kept in the record and
// put back when taw lets the key go. taw's bindings carry a note (`bind-key -N`), so a reload
// can tell its own binding from the user's and never records itself as the user's.

import type { View } from "../app/store.ts";
import { loadConfig } from "../config/load.ts";
import type { ScratchConfig } from "../config/types.ts";
import { TawError } from "../errors.ts";
import { TAW_BIN } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import { formatLiteral, shellQuote, tmuxQuote, word } from "../tmux/escape.ts";
import { setOption, unsetOption } from "../tmux/options.ts";
import { detectVersion, features, type TmuxVersion } from "../tmux/version.ts";
import {
  type Binding,
  HOOK_SLOT,
  type Installed,
  KEY_NOTES,
  RECORD,
  readBindings,
  readInstalled,
  readState,
  TABLE,
  words,
} from "../tmux-plugin/record.ts";
import { writeServerRecord } from "../tmux-plugin/server-record.ts";
import { VERSION } from "../version.ts";
import { EXITED_HOOK_COMMAND } from "../watch/roster.ts";
import { defineCommand } from "./command.ts";
import { popupKeyCommand } from "./dashboard.ts";

export const FOCUS_HOOKS = [
  "after-select-pane",
  "after-select-window",
  "client-session-changed",
  "pane-focus-in",
];
/** Records panes whose program ended, for an engine that was not running (src/watch/roster.ts). */
export const ROSTER_HOOK = "pane-exited";
/** B: the blocked agents' inbox (TPM takes I and U). */
const DEFAULT_KEYS = { popup: "A", next: "O", inbox: "B" };

export const DEFAULT_TAW = TAW_BIN;

export interface PluginSettings {
  taw: string;
  popupKeys: string[];
  nextKeys: string[];
  /** Keys that open the popup straight on the Inbox. */
  inboxKeys: string[];
  /** Keys that clear the pane they are pressed in (`taw pane clear`); none by default. */
  clearKeys: string[];
  /** The popup gets a title and border style (tmux 3.3+). */
  framedPopup: boolean;
  /** config.toml's [scratch] keys: the session's scratch (no name) and each named entry's. */
  scratchKeys: { key: string; name?: string }[];
  /** config.toml's [plugins.keys]: a key and the plugin action it runs. */
  actionKeys: { key: string; action: string }[];
  watch: boolean;
  hooks: string[];
  /** config.toml's [manifests] update: fetch newer manifests at most daily as tmux loads taw. */
  manifestUpdate?: boolean;
}

/** The shell command tmux runs (through run-shell, which expands formats in it: the path's
 * `#` is doubled, the `#{…}` taw asks for are left to expand). Never fails, never prints. */
export function tawShell(taw: string, args: string, env = ""): string {
  return `${env}${formatLiteral(shellQuote(taw))} ${args} >/dev/null 2>&1 || true`;
}

const runShell = (shell: string) => ["run-shell", "-b", shell];

/** The hooks taw sets on this tmux: client-focus-in only where tmux has it. */
export function focusHooks(version: TmuxVersion): string[] {
  return features(version).clientFocusHooks ? [...FOCUS_HOOKS, "client-focus-in"] : [...FOCUS_HOOKS];
}

const unbind = (key: string) => ["unbind-key", "-T", TABLE, key];
const unsetHook = (hook: string) => ["set-hook", "-gu", `${hook}[${HOOK_SLOT}]`];
/** A `list-keys` line is itself a tmux command; if-shell runs it through tmux's parser. */
const rebind = (line: string) => ["if-shell", "-F", "1", word(line)];

/** Let keys go: each still bound by taw is unbound, and the user's old binding put back. */
function releaseKeys(keys: readonly string[], previous: Installed, bindings: Map<string, Binding>) {
  return keys
    .filter((key) => bindings.get(key)?.ours)
    .flatMap((key) => {
      const mine = previous.userKeys[key];
      return mine ? [unbind(key), rebind(mine)] : [unbind(key)];
    });
}

/** The user's bindings to keep for `keys`: found now, or kept from before when taw's is there. */
function userBindings(keys: readonly string[], previous: Installed, bindings: Map<string, Binding>) {
  const kept: Record<string, string> = {};
  for (const key of keys) {
    const now = bindings.get(key);
    const line = now?.ours ? previous.userKeys[key] : now?.line;
    if (line) kept[key] = line;
  }
  return kept;
}

function recordUserKeys(userKeys: Record<string, string>): string[] {
  const global = { kind: "global" } as const;
  return Object.keys(userKeys).length > 0
    ? setOption(global, RECORD.userKeys, JSON.stringify(userKeys))
    : unsetOption(global, RECORD.userKeys);
}

/** Commands that remove what a previous install recorded and put the user's keys back. */
export function uninstallCommands(previous: Installed, bindings: Map<string, Binding>): string[][] {
  const global = { kind: "global" } as const;
  return [
    ...releaseKeys(previous.keys, previous, bindings),
    ...previous.hooks.map(unsetHook),
    unsetOption(global, RECORD.keys),
    unsetOption(global, RECORD.hooks),
    unsetOption(global, RECORD.userKeys),
  ];
}

/** The keys config.toml's [scratch] asks for; "" binds none. */
export function scratchKeys(scratch: ScratchConfig): { key: string; name?: string }[] {
  const entries = Object.entries(scratch.entries).map(([name, entry]) => ({ key: entry.key ?? "", name }));
  return [{ key: scratch.key }, ...entries].filter(({ key }) => key !== "");
}

/** Every key the settings bind. */
const settingsKeys = (settings: PluginSettings) => [
  ...new Set([
    ...settings.popupKeys,
    ...settings.nextKeys,
    ...settings.inboxKeys,
    ...settings.clearKeys,
    ...settings.scratchKeys.map(({ key }) => key),
    ...settings.actionKeys.map(({ key }) => key),
  ]),
];

/** Commands that bind the keys, set the hooks, record both and (unless off) start the engine. */
export function installCommands(
  settings: PluginSettings,
  previous: Installed,
  bindings: Map<string, Binding>,
): string[][] {
  const { taw } = settings;
  // The client that pressed the key, so popup and next act on that terminal.
  const client = "TAW_CLIENT='#{client_name}' ";
  const seen = `run-shell -b ${tmuxQuote(tawShell(taw, "seen '#{pane_id}'"))}`;
  const keys = settingsKeys(settings);
  const global = { kind: "global" } as const;
  // The roster's hook (src/watch/roster.ts) is recorded with the focus hooks: uninstall removes it.
  const hooks = [...settings.hooks, ROSTER_HOOK];
  /** `action`: run-shell's words (a shell command, or `-C` and a tmux command). */
  const bind = (note: string, key: string, action: string[]) => [
    "bind-key",
    "-N",
    note,
    "-T",
    TABLE,
    key,
    ...action,
  ];
  const popup = (view?: View) => ["run-shell", "-C", popupKeyCommand(view, settings.framedPopup)];
  return [
    ...releaseKeys(
      previous.keys.filter((key) => !keys.includes(key)),
      previous,
      bindings,
    ),
    ...previous.hooks.filter((hook) => !hooks.includes(hook)).map(unsetHook),
    ...settings.popupKeys.map((key) => bind(KEY_NOTES.popup, key, popup())),
    ...settings.nextKeys.map((key) => bind(KEY_NOTES.next, key, runShell(tawShell(taw, "next", client)))),
    ...settings.inboxKeys.map((key) => bind(KEY_NOTES.inbox, key, popup("inbox"))),
    ...settings.clearKeys.map((key) =>
      bind(KEY_NOTES.clear, key, runShell(tawShell(taw, "pane clear '#{pane_id}'"))),
    ),
    ...settings.actionKeys.map(({ key, action }) =>
      bind(
        KEY_NOTES.action,
        key,
        runShell(
          tawShell(taw, `plugin action invoke ${shellQuote(action)} --pane '#{pane_id}' --message`, client),
        ),
      ),
    ),
    ...settings.scratchKeys.map(({ key, name }) =>
      bind(KEY_NOTES.scratch, key, runShell(tawShell(taw, name ? `scratch ${name}` : "scratch", client))),
    ),
    ...settings.hooks.map((hook) => ["set-hook", "-g", `${hook}[${HOOK_SLOT}]`, seen]),
    ["set-hook", "-g", `${ROSTER_HOOK}[${HOOK_SLOT}]`, EXITED_HOOK_COMMAND],
    setOption(global, RECORD.keys, keys.join(" ")),
    setOption(global, RECORD.hooks, hooks.join(" ")),
    recordUserKeys(userBindings(keys, previous, bindings)),
    setOption(global, RECORD.version, VERSION),
    ...(settings.watch ? [runShell(tawShell(taw, "engine"))] : []),
    ...(settings.manifestUpdate ? [runShell(tawShell(taw, "manifest update --if-stale"))] : []),
  ];
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

export const tmuxInstall = defineCommand({
  path: ["tmux", "install"],
  summary: "bind the popup and next-up keys and set the focus hooks (what assets/taw.tmux runs)",
  flags: { bin: { type: "string", description: "the taw the bindings run (default: this one)" } },
  async run(ctx) {
    const [{ user, previous }, version] = await Promise.all([readState(ctx.tmux), detectVersion()]);
    const settings: PluginSettings = {
      taw: user.bin || (ctx.args.flags.bin as string | undefined) || DEFAULT_TAW,
      popupKeys: words(user.popupKeys || DEFAULT_KEYS.popup),
      nextKeys: words(user.nextKeys || DEFAULT_KEYS.next),
      inboxKeys: words(user.inboxKeys || DEFAULT_KEYS.inbox),
      clearKeys: words(user.clearKeys),
      framedPopup: features(version).popupBorderAndTitle,
      scratchKeys: scratchKeys(loadConfig(ctx.env).config.scratch),
      actionKeys: Object.entries(loadConfig(ctx.env).config.plugins.keys).map(([key, action]) => ({
        key,
        action,
      })),
      watch: user.watch !== "off",
      hooks: focusHooks(version),
      manifestUpdate: loadConfig(ctx.env).config.manifests.update,
    };
    const keys = [...new Set([...previous.keys, ...settingsKeys(settings)])];
    const bindings = await readBindings(ctx.tmux, keys);
    const problems = await failures(ctx.tmux, installCommands(settings, previous, bindings));
    // The server it is loaded into, for doctor to tell a server that ended from this one.
    await writeServerRecord(ctx.tmux, ctx.env).catch(() => undefined);
    if (problems.length > 0)
      throw new TawError("plugin_failed", `some plugin commands failed:\n${problems.join("\n")}`);
    return settings;
  },
  render: (settings) =>
    [
      `popup: prefix ${settings.popupKeys.join(", ")}; next up: prefix ${settings.nextKeys.join(", ")}; inbox: prefix ${settings.inboxKeys.join(", ")}${settings.clearKeys.length > 0 ? `; clear: prefix ${settings.clearKeys.join(", ")}` : ""}`,
      `focus hooks: ${settings.hooks.join(", ")}`,
      `engine: ${settings.watch ? "started in the background" : "not started (@agent-wizard-watch off)"}`,
    ].join("\n"),
});

export const tmuxUninstall = defineCommand({
  path: ["tmux", "uninstall"],
  summary: "remove every key binding and hook taw added, and put back the bindings it replaced",
  async run(ctx) {
    const { installed, bindings } = await readInstalled(ctx.tmux);
    const problems = await failures(ctx.tmux, uninstallCommands(installed, bindings));
    if (problems.length > 0)
      throw new TawError("plugin_failed", `some removals failed:\n${problems.join("\n")}`);
    const restored = installed.keys.filter((key) => bindings.get(key)?.ours && installed.userKeys[key]);
    return { keys: installed.keys, hooks: installed.hooks, restored };
  },
  render: (removed) =>
    removed.keys.length + removed.hooks.length === 0
      ? "nothing to remove: the plugin is not installed on this server"
      : [
          `removed keys ${removed.keys.join(", ") || "-"} and hooks ${removed.hooks.join(", ") || "-"}`,
          ...(removed.restored.length > 0
            ? [`put back your bindings of ${removed.restored.join(", ")}`]
            : []),
        ].join("\n"),
});

export const tmuxCommands = [tmuxInstall, tmuxUninstall];
