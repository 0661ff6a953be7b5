// What `taw tmux install` records in tmux, read back: the keys it bound and the hooks it
// set (global options it owns), the user's bindings it replaced, and what each key is bound
// to now. `taw tmux install|uninstall` and doctor's plugin check read it.

import type { Tmux } from "../tmux/client.ts";
import { showOption } from "../tmux/options.ts";

/** The index taw's entry takes in each hook's array: high enough to leave the user's alone. */
export const HOOK_SLOT = 47;
/** The key table taw binds in. */
export const TABLE = "prefix";

/** What taw recorded at install (global options it owns). */
export const RECORD = {
  keys: "@agent_wizard_keys",
  hooks: "@agent_wizard_hooks",
  version: "@agent_wizard_version",
  /** JSON: key → the user's binding it replaced, as `list-keys` prints it. */
  userKeys: "@agent_wizard_user_keys",
};
/** What the user sets (ARCHITECTURE.md: user options are spelled with dashes). */
export const USER = {
  popupKeys: "@agent-wizard",
  nextKeys: "@agent-wizard-notification-key",
  watch: "@agent-wizard-watch",
  bin: "@agent-wizard-bin",
  inboxKeys: "@agent-wizard-inbox-key",
  clearKeys: "@agent-wizard-clear-key",
};

export interface Installed {
  keys: string[];
  hooks: string[];
  /** The user's bindings taw replaced, to put back when it lets the keys go. */
  userKeys: Record<string, string>;
}

/** What a key is bound to now. */
export interface Binding {
  /** The binding as `list-keys` prints it: a tmux command that binds it again. */
  line?: string;
  /** It carries one of taw's notes. */
  ours: boolean;
}

/** The notes taw's bindings carry: how a reload or uninstall knows the key is still taw's. */
export const KEY_NOTES = {
  popup: "taw: open the agent dashboard",
  next: "taw: jump to the agent that needs you",
  inbox: "taw: answer the agents that wait (the Inbox)",
  scratch: "taw: show or hide the scratch shell",
  clear: "taw: clear this pane (taw pane clear)",
  action: "taw: run a plugin's action",
};

export const words = (value: string) => value.split(/\s+/).filter(Boolean);

/** Two reads per key: the binding, and its note (which says whether it is taw's). */
export function bindingReads(keys: readonly string[]): string[][] {
  return keys.flatMap((key) => [
    ["list-keys", "-T", TABLE, key],
    ["list-keys", "-N", "-T", TABLE, key],
  ]);
}

export function parseBindings(
  keys: readonly string[],
  results: readonly { ok: boolean; output: string }[],
): Map<string, Binding> {
  const notes = Object.values(KEY_NOTES);
  return new Map(
    keys.map((key, index) => {
      const binding = results[2 * index];
      const note = results[2 * index + 1];
      // An unbound key is an error; a key tmux reads as a separator lists the whole table.
      const lines = binding?.ok ? binding.output.trim().split("\n") : [];
      const ours = note?.ok === true && notes.some((text) => note.output.includes(text));
      return [key, { line: lines.length === 1 ? lines[0] : undefined, ours }];
    }),
  );
}

export async function readBindings(tmux: Tmux, keys: readonly string[]): Promise<Map<string, Binding>> {
  return parseBindings(keys, keys.length > 0 ? await tmux.batch(bindingReads(keys)) : []);
}

/** The user's bindings taw recorded; a value that is not a JSON object of strings is none. */
export function parseUserKeys(value: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
}

/** The user's settings and what a previous install recorded, in one tmux process. */
export async function readState(
  tmux: Tmux,
): Promise<{ user: Record<keyof typeof USER, string>; previous: Installed }> {
  const global = { kind: "global" } as const;
  const names = [...Object.values(USER), RECORD.keys, RECORD.hooks, RECORD.userKeys];
  const results = await tmux.batch(names.map((name) => showOption(global, name)));
  const value = (index: number) => (results[index]?.ok ? (results[index]?.output ?? "").trim() : "");
  const [
    popupKeys = "",
    nextKeys = "",
    watch = "",
    bin = "",
    inboxKeys = "",
    clearKeys = "",
    keys = "",
    hooks = "",
    userKeys = "",
  ] = names.map((_, index) => value(index));
  return {
    user: { popupKeys, nextKeys, watch, bin, inboxKeys, clearKeys },
    previous: { keys: words(keys), hooks: words(hooks), userKeys: parseUserKeys(userKeys) },
  };
}

/** What the plugin's last install recorded, and what its keys are bound to now (doctor). */
export async function readInstalled(
  tmux: Tmux,
): Promise<{ installed: Installed; bindings: Map<string, Binding> }> {
  const { previous } = await readState(tmux);
  return { installed: previous, bindings: await readBindings(tmux, previous.keys) };
}
