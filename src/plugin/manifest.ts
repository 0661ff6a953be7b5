// Reads and checks a herdr plugin's `herdr-plugin.toml` as herdr's plugin v1 documents it.
// Commands are argv arrays only: a plugin never hands taw a shell string, so nothing it
// ships is word-split or globbed. A refusal reads `file:line: field: message`.

import { parse } from "smol-toml";
import { HERDR_VERSION } from "../herdr/protocol.ts";

export interface Entry {
  command: string[];
  platforms?: string[];
}

export interface Action extends Entry {
  id: string;
  title: string;
  contexts: string[];
}

export interface EventHook extends Entry {
  /** herdr's event name: `pane.agent_status_changed`, `worktree.created`, … */
  on: string;
}

export const PLACEMENTS = ["overlay", "popup", "split", "tab", "zoomed"] as const;
export type Placement = (typeof PLACEMENTS)[number];

export interface PaneEntry extends Entry {
  id: string;
  title: string;
  placement: Placement;
  width?: number | string;
  height?: number | string;
}

export interface LinkHandler {
  id: string;
  title: string;
  pattern: string;
  action: string;
  platforms?: string[];
}

export interface Manifest {
  id: string;
  name: string;
  version: string;
  minHerdrVersion: string;
  description?: string;
  platforms?: string[];
  build: Entry[];
  startup: Entry[];
  actions: Action[];
  events: EventHook[];
  panes: PaneEntry[];
  linkHandlers: LinkHandler[];
}

/** A plugin's id: letters, digits, dot, colon, underscore, hyphen. */
const PLUGIN_ID = /^[A-Za-z0-9.:_-]+$/;
/** An id inside a plugin (action, pane, link handler): the same without dots. */
const LOCAL_ID = /^[A-Za-z0-9:_-]+$/;
const PLATFORM_NAMES = ["linux", "macos", "windows"];
/** Where an action applies (herdr's action contexts). */
export const ACTION_CONTEXTS = ["global", "workspace", "tab", "pane", "selection"];

export class ManifestError extends Error {}

type Raw = Record<string, unknown>;
type Path = (string | number)[];

/** Parses `text` (read from `file`); throws a ManifestError `file:line: field: message`. */
export function parseManifest(file: string, text: string): Manifest {
  const fail = (path: Path, message: string): never => {
    throw new ManifestError(`${file}:${lineOf(text, path)}: ${path.join(".")}: ${message}`);
  };
  let raw: Raw;
  try {
    raw = parse(text) as Raw;
  } catch (error) {
    const match = /line (\d+)/.exec(String(error));
    throw new ManifestError(`${file}:${match?.[1] ?? 1}: not valid TOML: ${String(error).split("\n")[0]}`);
  }
  const str = (path: Path, value: unknown): string => {
    if (typeof value !== "string" || value === "") fail(path, "must be a non-empty string");
    return value as string;
  };
  const optional = (path: Path, value: unknown) => (value === undefined ? undefined : str(path, value));
  const strings = (path: Path, value: unknown): string[] | undefined => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string"))
      fail(path, "must be a list of strings");
    return value as string[];
  };
  const platformsAt = (path: Path, value: unknown) => {
    const list = strings(path, value);
    const unknown = list?.find((name) => !PLATFORM_NAMES.includes(name));
    if (unknown) fail(path, `'${unknown}' is not one of ${PLATFORM_NAMES.join(", ")}`);
    return list;
  };
  const contextsAt = (path: Path, value: unknown) => {
    const list = strings(path, value) ?? [];
    const unknown = list.find((name) => !ACTION_CONTEXTS.includes(name));
    if (unknown) fail(path, `'${unknown}' is not one of ${ACTION_CONTEXTS.join(", ")}`);
    return list;
  };
  const entryOf = (path: Path, entry: Raw): Entry => {
    const command = entry.command;
    if (!Array.isArray(command) || command.length === 0 || !command.every((w) => typeof w === "string"))
      fail([...path, "command"], 'must be an argv list like ["./run", "arg"], not a shell string');
    const platforms = platformsAt([...path, "platforms"], entry.platforms);
    return { command: command as string[], ...(platforms ? { platforms } : {}) };
  };
  const localId = (path: Path, value: unknown, seen: Set<string>) => {
    const id = str(path, value);
    if (!LOCAL_ID.test(id)) fail(path, "use letters, digits, ':', '_' or '-' (no dots)");
    if (seen.has(id)) fail(path, `'${id}' is declared twice`);
    seen.add(id);
    return id;
  };
  const tables = (section: string): Raw[] => {
    const value = raw[section] ?? [];
    if (!Array.isArray(value) || !value.every((item) => typeof item === "object" && item !== null))
      fail([section], `must be [[${section}]] tables`);
    return value as Raw[];
  };

  const id = str(["id"], raw.id);
  if (!PLUGIN_ID.test(id)) fail(["id"], "use letters, digits, '.', ':', '_' or '-'");
  const minHerdrVersion = str(["min_herdr_version"], raw.min_herdr_version);
  if (compareVersions(minHerdrVersion, HERDR_VERSION) > 0)
    fail(["min_herdr_version"], `needs herdr ${minHerdrVersion}; taw answers as herdr ${HERDR_VERSION}`);
  const actionIds = new Set<string>();
  const actions = tables("actions").map((entry, index): Action => {
    const at = ["actions", index];
    return {
      id: localId([...at, "id"], entry.id, actionIds),
      title: str([...at, "title"], entry.title),
      contexts: contextsAt([...at, "contexts"], entry.contexts),
      ...entryOf(at, entry),
    };
  });
  const paneIds = new Set<string>();
  const panes = tables("panes").map((entry, index): PaneEntry => {
    const at = ["panes", index];
    const placement = entry.placement ?? "overlay";
    if (!(PLACEMENTS as readonly unknown[]).includes(placement))
      fail([...at, "placement"], `must be one of ${PLACEMENTS.join(", ")}`);
    const size = (key: "width" | "height") => {
      const value = entry[key];
      if (value === undefined) return {};
      if (!(typeof value === "number" && value > 0) && !(typeof value === "string" && /^\d+%$/.test(value)))
        fail([...at, key], 'must be a number of cells or a percentage such as "80%"');
      return { [key]: value as number | string };
    };
    return {
      id: localId([...at, "id"], entry.id, paneIds),
      title: str([...at, "title"], entry.title),
      placement: placement as Placement,
      ...size("width"),
      ...size("height"),
      ...entryOf(at, entry),
    };
  });
  const handlerIds = new Set<string>();
  const linkHandlers = tables("link_handlers").map((entry, index): LinkHandler => {
    const at = ["link_handlers", index];
    const action = str([...at, "action"], entry.action);
    if (!actionIds.has(action)) fail([...at, "action"], `names no action of this plugin ('${action}')`);
    const platforms = platformsAt([...at, "platforms"], entry.platforms);
    return {
      id: localId([...at, "id"], entry.id, handlerIds),
      title: str([...at, "title"], entry.title),
      pattern: str([...at, "pattern"], entry.pattern),
      action,
      ...(platforms ? { platforms } : {}),
    };
  });
  const description = optional(["description"], raw.description);
  const platforms = platformsAt(["platforms"], raw.platforms);
  return {
    id,
    name: str(["name"], raw.name),
    version: str(["version"], raw.version),
    minHerdrVersion,
    ...(description ? { description } : {}),
    ...(platforms ? { platforms } : {}),
    build: tables("build").map((entry, index) => entryOf(["build", index], entry)),
    startup: tables("startup").map((entry, index) => entryOf(["startup", index], entry)),
    actions,
    events: tables("events").map((entry, index) => ({
      on: str(["events", index, "on"], entry.on),
      ...entryOf(["events", index], entry),
    })),
    panes,
    linkHandlers,
  };
}

/** This machine as herdr's manifests name platforms. */
export const HERE =
  process.platform === "darwin" ? "macos" : process.platform === "win32" ? "windows" : "linux";

/** An entry runs here: its own platforms, else the plugin's, else anywhere. */
export const runsHere = (manifest: Manifest, entry: { platforms?: string[] }) =>
  (entry.platforms ?? manifest.platforms ?? [HERE]).includes(HERE);

/** -1, 0, 1 comparing dotted numeric versions ("0.10.0" > "0.9.3"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split(".").map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** 1-based line of a field: its key inside the nth [[section]] table, or at top level. */
function lineOf(text: string, path: Path): number {
  const lines = text.split("\n");
  let start = 0;
  let key = path[0] as string;
  if (typeof path[1] === "number") {
    const header = new RegExp(`^\\s*\\[\\[\\s*${path[0]}\\s*\\]\\]`);
    let seen = -1;
    start = lines.findIndex((line) => header.test(line) && ++seen === path[1]);
    if (start < 0) return 1;
    key = path[2] as string;
  }
  const assignment = new RegExp(`^\\s*${key}\\s*=`);
  for (let i = start; i < lines.length; i++) {
    if (i > start && /^\s*\[/.test(lines[i] as string)) break;
    if (assignment.test(lines[i] as string)) return i + 1;
  }
  return start + 1;
}
