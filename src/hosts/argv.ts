// The one command line that reaches a host's `taw hosts serve` (or, for `hosts test`, runs a
// probe there): the user's own `ssh` in BatchMode, or this install's taw for a local server.

import { TAW_BIN } from "../paths.ts";
import { Tmux } from "../tmux/client.ts";
import { type Host, socketSelection } from "./config.ts";

/** ssh fails fast and notices a dead link within seconds; it never asks for a password. */
export const SSH_OPTIONS = [
  "-o",
  "BatchMode=yes",
  "-o",
  "ConnectTimeout=5",
  "-o",
  "ServerAliveInterval=2",
  "-o",
  "ServerAliveCountMax=2",
];

/** A word for the remote shell: single-quoted, `~/` left outside so it expands there. */
export function shellWord(word: string): string {
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  return word.startsWith("~/") ? `~/${quote(word.slice(2))}` : quote(word);
}

/** tmux's flags for a socket as config.toml writes it (none: the default server). */
export const socketArgs = (socket: string) => (socket ? new Tmux(socketSelection(socket)).serverArgs() : []);

/** `ssh … <dest> <command>`: the command is one line for the remote shell. */
export const sshArgv = (destination: string, command: string) => [
  "ssh",
  ...SSH_OPTIONS,
  "--",
  destination,
  command,
];

/** Words as one line for the remote shell, each quoted. */
export const shellLine = (words: string[]) => words.map(shellWord).join(" ");

/** The command line that runs `taw hosts serve` for the host. */
export function serveArgv(host: Host): string[] {
  if (host.kind === "socket") return [TAW_BIN, "hosts", "serve", ...socketArgs(host.socket)];
  return sshArgv(host.ssh, shellLine([host.taw, "hosts", "serve", ...socketArgs(host.tmuxSocket)]));
}
