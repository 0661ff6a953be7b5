// The hosts config.toml names ([hosts.<name>]), as taw uses them: a machine over ssh or
// another local tmux server, never both, never neither.

import { loadConfig } from "../config/load.ts";
import type { HostConfig } from "../config/types.ts";
import { EXIT, TawError, usageError } from "../errors.ts";
import type { ServerSelection } from "../tmux/client.ts";

type Env = Record<string, string | undefined>;

/** The name records of the server taw runs against carry. */
export const LOCAL_HOST = "local";

export type Host =
  | { name: string; kind: "ssh"; ssh: string; tmuxSocket: string; taw: string }
  | { name: string; kind: "socket"; socket: string };

/** A tmux socket as config.toml writes it: a path (has a '/') is -S, else a name (-L). */
export const socketSelection = (socket: string): ServerSelection =>
  socket.includes("/") ? { socketPath: socket } : { socketName: socket };

/** The host a `[hosts.<name>]` table describes, or why it describes none. */
export function hostFrom(name: string, entry: HostConfig): Host | { problem: string } {
  if (entry.ssh && entry.socket)
    return { problem: `[hosts.${name}] sets both ssh and socket: keep one (a machine, or a local server)` };
  if (entry.socket) return { name, kind: "socket", socket: entry.socket };
  if (entry.ssh)
    return { name, kind: "ssh", ssh: entry.ssh, tmuxSocket: entry.tmux_socket, taw: entry.taw || "taw" };
  return { problem: `[hosts.${name}] sets neither ssh nor socket: add ssh = "user@host" or socket = "name"` };
}

export interface HostEntry {
  name: string;
  entry: HostConfig;
  host: Host | { problem: string };
}

/** Every configured host, in config.toml's order, each with what it is or why it is unusable. */
export function configuredHosts(env: Env): HostEntry[] {
  return Object.entries(loadConfig(env).config.hosts).map(([name, entry]) => ({
    name,
    entry,
    host: hostFrom(name, entry),
  }));
}

/** The host named `name`, usable, or a TawError that says what to do. */
export function findHost(env: Env, name: string): Host {
  const entries = configuredHosts(env);
  const found = entries.find((entry) => entry.name === name);
  if (!found) {
    const known = entries.map((entry) => entry.name).join(", ") || "none yet";
    // A host name the user typed (`box/w1:p3`, --host box): a usage error, as a bad flag is.
    throw new TawError(
      "host_not_found",
      `no host '${name}' in config.toml (hosts: ${known}); add one with 'taw hosts add ${name} <ssh destination>'`,
      EXIT.usage,
    );
  }
  if ("problem" in found.host) throw usageError(found.host.problem);
  return found.host;
}
