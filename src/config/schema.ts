// What each key of config.toml may hold. The validator (validate.ts) walks this tree beside
// the parsed file; defaults come from defaults.ts.

import {
  AGENT_STATES,
  HERDR_GRANTS,
  HERDR_PROTOCOL_MODES,
  HOOK_EVENTS,
  PIP_CORNERS,
  RESUME_AGENTS,
  TERMINAL_NOTIFICATIONS,
  WORKTREE_MERGES,
} from "./types.ts";

export type Leaf =
  | { type: "boolean" }
  | { type: "number"; min: number; max: number }
  | { type: "string"; check?: (value: string) => string | undefined }
  | { type: "enum"; values: readonly string[] }
  | { type: "strings"; values?: readonly string[] }
  /** A command: one string, or argv as an array of strings. */
  | { type: "command" };

export interface TableSpec {
  type: "table";
  fields: Record<string, Spec>;
  /** Only the keys the file sets are kept (per-agent overrides). */
  partial?: boolean;
}

export interface MapSpec {
  type: "map";
  /** What a key must look like, and how to say so. */
  key: RegExp;
  keyRule: string;
  /** When set, only these keys are allowed (hook event names). */
  known?: readonly string[];
  value: Spec;
}

export type Spec = Leaf | TableSpec | MapSpec;

const bool: Leaf = { type: "boolean" };
const str: Leaf = { type: "string" };
const strings: Leaf = { type: "strings" };
const table = (fields: Record<string, Spec>, partial = false): TableSpec => ({
  type: "table",
  fields,
  partial,
});

/** `#rgb`, `#rrggbb`, `default`, or one of the names every terminal knows. */
const COLOR_NAMES = [
  "default",
  "black",
  "red",
  "green",
  "yellow",
  "blue",
  "magenta",
  "cyan",
  "white",
  "gray",
  "grey",
];
const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const BRIGHT = /^bright(black|red|green|yellow|blue|magenta|cyan|white)$/;

export function checkColor(value: string): string | undefined {
  if (HEX_COLOR.test(value) || COLOR_NAMES.includes(value) || BRIGHT.test(value)) return undefined;
  return `is not a colour: write "#rrggbb", "#rgb", or a name (${COLOR_NAMES.join(", ")}, brightred, …)`;
}

const color: Leaf = { type: "string", check: checkColor };
const glyph: Leaf = {
  type: "string",
  check: (value) => ([...value].length === 1 ? undefined : "must be exactly one character"),
};

export const STATUS_PLACEHOLDERS = ["blocked", "working", "done", "idle"];

export function checkStatusFormat(value: string): string | undefined {
  for (const match of value.matchAll(/\{([^}]*)\}/g)) {
    if (!STATUS_PLACEHOLDERS.includes(match[1] ?? "")) {
      return `has an unknown placeholder {${match[1]}}: use ${STATUS_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`;
    }
  }
  return undefined;
}

export function checkWorktreeDir(value: string): string | undefined {
  if (value.trim() === "") return "must not be empty";
  for (const match of value.matchAll(/\{([^}]*)\}/g)) {
    if (match[1] !== "repo" && match[1] !== "branch") {
      return `has an unknown placeholder {${match[1]}}: use {repo} and {branch}`;
    }
  }
  return undefined;
}

const perState = (leaf: Leaf) => table(Object.fromEntries(AGENT_STATES.map((state) => [state, leaf])));

const deliveries = {
  enabled: bool,
  on_blocked: bool,
  on_done: bool,
  tmux_message: bool,
  terminal: { type: "enum", values: TERMINAL_NOTIFICATIONS } as Leaf,
  system: bool,
  sound: bool,
};

const NAME = /^[a-z][a-z0-9_-]{0,31}$/;
const NAME_RULE = "lower-case letters, digits, '-' and '_', starting with a letter";

/** The events of `[hooks]`: they sit beside its settings, so they are walked on their own. */
export const HOOK_EVENTS_SPEC: MapSpec = {
  type: "map",
  key: /^[a-z_]+(\.[a-z_]+)?$/,
  keyRule: "an event name",
  known: HOOK_EVENTS,
  value: { type: "command" },
};

/** A popup size: columns or rows, or a percentage of the terminal. */
const checkSize = (value: string) =>
  /^\d+%?$/.test(value) ? undefined : "takes a number or a percentage, such as 80%";
/** A tmux key name, one word ("" binds none). */
const checkKey = (value: string) =>
  /^\S*$/.test(value) ? undefined : "is one tmux key name, such as S or C-g";

/** What a caller of the herdr socket may do (src/herdr/grants.ts). */
const grants: Leaf = { type: "strings", values: HERDR_GRANTS };
/** A pane's public id (w1:p3) or a caller's command name (collie). */
const GRANTEE = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
const GRANTEE_RULE = "use a pane id such as w1:p3 or a command name such as collie";

/** A host's name: a taw name that is not `local`, the server taw runs against. */
export const HOST_NAME = /^(?!local$)[a-z][a-z0-9_-]{0,31}$/;
export const HOST_NAME_RULE = `${NAME_RULE}, at most 32, not 'local' (the server taw runs against)`;

/** An ssh destination as one argv word; a leading '-' would be read as an option. */
export function checkDestination(value: string): string | undefined {
  if (value === "") return "must not be empty";
  if (value.startsWith("-")) return "must not start with '-' (ssh would read it as an option)";
  return /\s/.test(value)
    ? "must be one word (an ssh_config alias, user@host or ssh://user@host:port)"
    : undefined;
}

/** A tmux socket: a name (tmux -L) or a path (tmux -S). */
export function checkSocket(value: string): string | undefined {
  if (value.trim() === "") return "must not be empty";
  return value.startsWith("-") ? "must not start with '-'" : undefined;
}

export const CONFIG_SPEC: TableSpec = table({
  ui: table({
    ascii: bool,
    colors: table({ ...perState(color).fields, accent: color, muted: color }),
    glyphs: perState(glyph),
    ascii_glyphs: perState(glyph),
  }),
  notify: table({
    ...deliveries,
    delay_seconds: { type: "number", min: 0, max: 3600 },
    message_seconds: { type: "number", min: 0.5, max: 600 },
    sound_file: str,
    agents: { type: "map", key: NAME, keyRule: NAME_RULE, value: table(deliveries, true) },
  }),
  status: table({ format: { type: "string", check: checkStatusFormat }, hide_zero: bool }),
  worktree: table({
    dir: { type: "string", check: checkWorktreeDir },
    merge: { type: "enum", values: WORKTREE_MERGES },
  }),
  sessionizer: table({ roots: strings, depth: { type: "number", min: 1, max: 4 }, zoxide: bool }),
  scratch: table({
    key: { type: "string", check: checkKey },
    width: { type: "string", check: checkSize },
    height: { type: "string", check: checkSize },
    entries: {
      type: "map",
      key: NAME,
      keyRule: NAME_RULE,
      value: table(
        {
          key: { type: "string", check: checkKey },
          command: { type: "string", check: (value) => (value.trim() ? undefined : "must not be empty") },
          width: { type: "string", check: checkSize },
          height: { type: "string", check: checkSize },
        },
        true,
      ),
    },
  }),
  pip: table({
    corner: { type: "enum", values: PIP_CORNERS },
    height: { type: "number", min: 3, max: 60 },
    width: { type: "number", min: 10, max: 400 },
  }),
  agents: {
    type: "map",
    key: NAME,
    keyRule: NAME_RULE,
    value: table({
      command: { type: "string", check: (value) => (value.trim() ? undefined : "must not be empty") },
      args: strings,
    }),
  },
  hooks: table({ timeout_seconds: { type: "number", min: 0.1, max: 3600 } }),
  sandbox: table({
    profiles: {
      type: "map",
      key: NAME,
      keyRule: NAME_RULE,
      value: table({ runtime: str, image: str, mounts: strings, env: strings, args: strings }),
    },
  }),
  inbox: table({
    never_approve: strings,
    never_approve_outside_folder: bool,
    auto_approve: strings,
    read_only: strings,
  }),
  sessions: table({
    resume_agents: { type: "enum", values: RESUME_AGENTS },
    persist_scrollback: bool,
    persist_scrollback_lines: { type: "number", min: 1, max: 100_000 },
    persist_scrollback_kb: { type: "number", min: 1, max: 65_536 },
    restore_programs: strings,
    keep_saves: { type: "number", min: 0, max: 1000 },
    keep_saves_days: { type: "number", min: 1, max: 3650 },
  }),
  herdr: table({
    protocol: { type: "enum", values: HERDR_PROTOCOL_MODES },
    client: grants,
    pane: grants,
    grants: { type: "map", key: GRANTEE, keyRule: GRANTEE_RULE, value: grants },
  }),
  plugins: table({
    keys: {
      type: "map",
      key: /^[A-Za-z0-9!@#$%^&*()_+=,./<>?;:'"|\\`~[\]{}-]+$/,
      keyRule: "a tmux key name such as l, C-l or M-p",
      value: {
        type: "string",
        check: (value) =>
          /^[A-Za-z0-9.:_-]+\.[A-Za-z0-9:_-]+$/.test(value)
            ? undefined
            : "names a plugin action as plugin.action",
      },
    },
  }),
  hosts: {
    type: "map",
    key: HOST_NAME,
    keyRule: HOST_NAME_RULE,
    value: table({
      ssh: { type: "string", check: checkDestination },
      socket: { type: "string", check: checkSocket },
      tmux_socket: { type: "string", check: checkSocket },
      taw: { type: "string", check: (value) => (value.trim() ? undefined : "must not be empty") },
      status: bool,
      notify: bool,
    }),
  },
  manifests: table({
    update: bool,
    catalog_url: {
      type: "string",
      check: (value) =>
        value === "" || /^https?:\/\/\S+$/.test(value)
          ? undefined
          : "must be an http:// or https:// URL, or empty",
    },
  }),
});
