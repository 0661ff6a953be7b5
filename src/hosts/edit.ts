// `taw hosts add|remove`: config.toml edited as text, so the user's other tables, comments and
// layout stay as they wrote them. An add appends one `[hosts.<name>]` table; a remove takes
// out the table that header starts. Each edit is parsed back before it is written (atomically,
// through a symlinked config.toml to its target): one that would change anything else is refused.

import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { parse } from "smol-toml";
import { splitKey, TABLE_HEADER } from "../config/locate.ts";
import { checkDestination, checkSocket, HOST_NAME, HOST_NAME_RULE } from "../config/schema.ts";
import { notFound, TawError, usageError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { configFile } from "../paths.ts";

type Env = Record<string, string | undefined>;
type Table = Record<string, unknown>;

export interface HostFields {
  ssh?: string;
  socket?: string;
  tmux_socket?: string;
  taw?: string;
}

export function checkHostName(name: string): void {
  if (!HOST_NAME.test(name)) throw usageError(`host name '${name}' is not allowed: use ${HOST_NAME_RULE}`);
}

function checkFields(fields: HostFields): void {
  if (!fields.ssh === !fields.socket)
    throw usageError(
      "a host is an ssh destination or a local tmux server (-L name or -S path), exactly one of them",
    );
  const checks: [keyof HostFields, (value: string) => string | undefined][] = [
    ["ssh", checkDestination],
    ["socket", checkSocket],
    ["tmux_socket", checkSocket],
    ["taw", (value) => (value.trim() ? undefined : "must not be empty")],
  ];
  for (const [key, check] of checks) {
    const value = fields[key];
    const why = value === undefined ? undefined : check(value);
    if (why) throw usageError(`the host's ${key} '${value}' ${why}`);
  }
}

interface ConfigText {
  path: string;
  text: string;
  parsed: Table;
  mode?: number;
}

function readConfigText(env: Env): ConfigText {
  const named = configFile(env);
  const path = existsSync(named) ? realpathSync(named) : named;
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  try {
    return { path, text, parsed: parse(text) as Table, mode: text ? statSync(path).mode & 0o777 : undefined };
  } catch (error) {
    const detail = (error as Error).message.split("\n")[0];
    throw new TawError(
      "config_invalid",
      `${path} is not valid TOML (${detail}): fix it first ('taw config check')`,
    );
  }
}

/** smol-toml's tables have no prototype: as plain objects, to compare with the expected ones. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  const proto = value !== null && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (proto !== null && proto !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value as Table).map(([key, item]) => [key, plain(item)]));
}

const hostsOf = (parsed: Table) => (parsed.hosts ?? {}) as Table;

function withoutHost(parsed: Table, name: string): Table {
  const { [name]: _gone, ...hosts } = hostsOf(parsed);
  const { hosts: _all, ...rest } = parsed;
  return Object.keys(hosts).length ? { ...rest, hosts } : rest;
}

/** Write `next` if it parses to `expected`; otherwise refuse with `why`. */
function writeChecked(config: ConfigText, next: string, expected: Table, why: string): void {
  let parsed: Table | undefined;
  try {
    parsed = parse(next) as Table;
  } catch {
    parsed = undefined;
  }
  // An empty `hosts` table and none say the same.
  const normalized = (table: Table | undefined) => table && plain(withoutHost(table, ""));
  if (!isDeepStrictEqual(normalized(parsed), normalized(expected))) throw new TawError("config_edit", why);
  writeFileAtomic(config.path, next, config.mode);
}

/** Append `[hosts.<name>]` to config.toml. */
export function addHost(env: Env, name: string, fields: HostFields): { name: string; path: string } {
  checkHostName(name);
  checkFields(fields);
  const config = readConfigText(env);
  if (name in hostsOf(config.parsed))
    throw usageError(`host '${name}' is in ${config.path} already: 'taw hosts remove ${name}' first`);
  const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  // A JSON string is a TOML basic string: the same escapes.
  const lines = Object.entries(set).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  const lead =
    config.text === "" || config.text.endsWith("\n\n") ? "" : config.text.endsWith("\n") ? "\n" : "\n\n";
  const next = `${config.text}${lead}[hosts.${name}]\n${lines.join("\n")}\n`;
  const expected = { ...config.parsed, hosts: { ...hostsOf(config.parsed), [name]: set } };
  writeChecked(
    config,
    next,
    expected,
    `cannot add [hosts.${name}] to ${config.path} without changing what it says (hosts written as an inline table?): add it by hand`,
  );
  return { name, path: config.path };
}

const isHeader = (line: string) => TABLE_HEADER.test(line);
const isHostHeader = (line: string, name: string) => {
  const key = TABLE_HEADER.exec(line)?.[1];
  const parts = key && !line.trim().startsWith("[[") ? splitKey(key) : [];
  return parts.length === 2 && parts[0] === "hosts" && parts[1] === name;
};
const isBlank = (line: string | undefined) => line !== undefined && line.trim() === "";
const isLoose = (line: string) => line.trim() === "" || line.trim().startsWith("#");

/** Take `[hosts.<name>]` out of config.toml; comments before the next table stay with it. */
export function removeHost(env: Env, name: string): { name: string; path: string } {
  checkHostName(name);
  const config = readConfigText(env);
  if (!(name in hostsOf(config.parsed))) {
    const known = Object.keys(hostsOf(config.parsed)).join(", ") || "none";
    throw notFound("host_not_found", `no host '${name}' in ${config.path} (hosts: ${known})`);
  }
  const lines = config.text.split("\n");
  const start = lines.findIndex((line) => isHostHeader(line, name));
  const why = `cannot take host '${name}' out of ${config.path} on its own (not written as a [hosts.${name}] table): edit the file by hand`;
  if (start < 0) throw new TawError("config_edit", why);
  let end = lines.findIndex((line, index) => index > start && isHeader(line));
  if (end < 0) end = lines.length;
  while (end - 1 > start && isLoose(lines[end - 1] ?? "")) end--;
  while (end < lines.length && isBlank(lines[end])) end++;
  const kept = [...lines.slice(0, start), ...lines.slice(end)];
  // The blank line that stood before the table goes with it.
  if (start > 0 && isBlank(kept[start - 1]) && (start >= kept.length || isBlank(kept[start])))
    kept.splice(start - 1, 1);
  writeChecked(config, `${kept.join("\n").replace(/\n*$/, "")}\n`, withoutHost(config.parsed, name), why);
  return { name, path: config.path };
}
