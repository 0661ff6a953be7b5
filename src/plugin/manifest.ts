// Reads and checks a herdr plugin's `herdr-plugin.toml`. Commands are argv arrays only: a
// plugin never hands taw a shell string, so nothing it ships is word-split or globbed.
import { parse } from "smol-toml";
import { HERDR_VERSION } from "../herdr/protocol.ts";

export interface Command {
  id?: string;
  title?: string;
  command: string[];
  contexts?: string[];
  event?: string;
  placement?: string;
}

export interface Manifest {
  id: string;
  name: string;
  version: string;
  minHerdrVersion?: string;
  platforms?: string[];
  build: Command[];
  startup: Command[];
  actions: Command[];
  events: Command[];
  panes: Command[];
  linkHandlers: Command[];
}

const ID = /^[a-z0-9][a-z0-9._-]*$/;
const SECTIONS = ["build", "startup", "actions", "events", "panes", "link_handlers"] as const;

export class ManifestError extends Error {}

/** Parses `text` (read from `file`); throws a ManifestError `file:line: field: message`. */
export function parseManifest(file: string, text: string): Manifest {
  const fail = (path: (string | number)[], message: string): never => {
    const line = lineOf(text, path);
    throw new ManifestError(`${file}:${line}: ${path.join(".")}: ${message}`);
  };
  let raw: Record<string, unknown>;
  try {
    raw = parse(text) as Record<string, unknown>;
  } catch (error) {
    const match = /line (\d+)/.exec(String(error));
    throw new ManifestError(`${file}:${match?.[1] ?? 1}: not valid TOML: ${String(error).split("\n")[0]}`);
  }
  const str = (path: (string | number)[], value: unknown, required: boolean): string | undefined => {
    if (value === undefined && !required) return undefined;
    if (typeof value !== "string" || value === "") fail(path, "must be a non-empty string");
    return value as string;
  };
  const id = str(["id"], raw.id, true) as string;
  if (!ID.test(id)) fail(["id"], "use lowercase letters, digits, '.', '_' or '-'");
  const minHerdrVersion = str(["min_herdr_version"], raw.min_herdr_version, false);
  if (minHerdrVersion && compareVersions(minHerdrVersion, HERDR_VERSION) > 0) {
    fail(["min_herdr_version"], `needs herdr ${minHerdrVersion}, taw speaks herdr ${HERDR_VERSION}`);
  }
  const platforms = raw.platforms;
  if (platforms !== undefined && !isStrings(platforms)) fail(["platforms"], "must be a list of strings");
  const sections = {} as Record<(typeof SECTIONS)[number], Command[]>;
  for (const section of SECTIONS) {
    const entries = raw[section] ?? [];
    if (!Array.isArray(entries)) fail([section], `must be [[${section}]] tables`);
    sections[section] = (entries as Record<string, unknown>[]).map((entry, index) => {
      const at = (key: string) => [section, index, key];
      const command = entry.command;
      if (!isStrings(command) || command.length === 0) {
        fail(at("command"), 'must be an argv list like ["./run", "arg"], not a shell string');
      }
      const out: Command = { command: command as string[] };
      if (section === "actions") {
        out.id = str(at("id"), entry.id, true);
        out.title = str(at("title"), entry.title, true);
        if (entry.contexts !== undefined && !isStrings(entry.contexts))
          fail(at("contexts"), "must be a list of strings");
        if (entry.contexts) out.contexts = entry.contexts as string[];
      } else if (section === "events") {
        out.event = str(at("event"), entry.event, true);
      } else if (section === "panes") {
        out.id = str(at("id"), entry.id, true);
        out.placement = str(at("placement"), entry.placement, false) ?? "split";
      } else {
        out.id = str(at("id"), entry.id, false);
      }
      return out;
    });
  }
  return {
    id,
    name: str(["name"], raw.name, true) as string,
    version: str(["version"], raw.version, true) as string,
    ...(minHerdrVersion ? { minHerdrVersion } : {}),
    ...(platforms ? { platforms: platforms as string[] } : {}),
    build: sections.build,
    startup: sections.startup,
    actions: sections.actions,
    events: sections.events,
    panes: sections.panes,
    linkHandlers: sections.link_handlers,
  };
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

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
function lineOf(text: string, path: (string | number)[]): number {
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
