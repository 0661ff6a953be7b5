// A second machine on this one, for the hosts e2e: a private sshd on 127.0.0.1 (Debian's
// openssh-server, which .ci/run installs) with scratch keys, whose sessions get their own tmux
// folder, taw state and config (sshd's SetEnv), so the tmux server reached over ssh is really
// another server. The client side is a scratch ssh config used through an `ssh` wrapper first
// on PATH, as the user's own ssh would be. Every daemon started here is stopped at exit.

import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Tmux } from "../src/tmux/client.ts";

export const SSHD = "/usr/sbin/sshd";
const running = new Set<string>();

/** Why the hosts e2e cannot run here, or undefined when it can. */
export function sshdMissing(): string | undefined {
  if (!existsSync(SSHD)) return `${SSHD} is not installed (apt-get install openssh-server; .ci/run does)`;
  if (!Bun.which("ssh") || !Bun.which("ssh-keygen")) return "ssh or ssh-keygen is not installed";
  return undefined;
}

const keygen = (path: string) =>
  Bun.spawnSync(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], { stderr: "pipe" });

/** The client: one key, one config, and a folder holding the `ssh` wrapper to put first on PATH. */
export interface SshClient {
  bin: string;
  publicKey: string;
}

export function sshClient(): SshClient {
  const dir = mkdtempSync(join(tmpdir(), "taw-ssh-client-"));
  keygen(join(dir, "id"));
  const config = join(dir, "config");
  writeFileSync(
    config,
    [
      "Host *",
      `  IdentityFile ${join(dir, "id")}`,
      "  IdentitiesOnly yes",
      "  StrictHostKeyChecking no",
      "  UserKnownHostsFile /dev/null",
      "  BatchMode yes",
      "  LogLevel ERROR",
      "",
    ].join("\n"),
  );
  const bin = join(dir, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "ssh"), `#!/bin/sh\nexec ${Bun.which("ssh")} -F ${config} "$@"\n`);
  chmodSync(join(bin, "ssh"), 0o755);
  return { bin, publicKey: readFileSync(join(dir, "id.pub"), "utf8") };
}

export interface SshHost {
  /** `ssh://root@127.0.0.1:<port>`. */
  destination: string;
  /** The folder its sessions' TMUX_TMPDIR, XDG_STATE_HOME and XDG_CONFIG_HOME are in. */
  home: string;
  /** The default tmux server of its sessions, reached from here by its socket. */
  tmux: Tmux;
  stop(): void;
}

async function freePort(): Promise<number> {
  const server = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = server;
  server.stop(true);
  return port;
}

function stopDaemon(pidFile: string): void {
  running.delete(pidFile);
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  try {
    if (pid > 0) process.kill(pid, "SIGTERM");
  } catch {
    // Gone already.
  }
}

/** A daemon whose sessions run with `path` as their PATH. */
export async function startSshd(client: SshClient, path: string): Promise<SshHost> {
  mkdirSync("/run/sshd", { recursive: true });
  const home = mkdtempSync(join(tmpdir(), "taw-sshd-"));
  for (const folder of ["tmux", "state", "config"]) mkdirSync(join(home, folder));
  keygen(join(home, "host_key"));
  writeFileSync(join(home, "authorized_keys"), client.publicKey);
  const port = await freePort();
  const pidFile = join(home, "sshd.pid");
  writeFileSync(
    join(home, "sshd_config"),
    [
      `Port ${port}`,
      "ListenAddress 127.0.0.1",
      `HostKey ${join(home, "host_key")}`,
      `PidFile ${pidFile}`,
      `AuthorizedKeysFile ${join(home, "authorized_keys")}`,
      "PasswordAuthentication no",
      "KbdInteractiveAuthentication no",
      "UsePAM no",
      "StrictModes no",
      "PermitRootLogin prohibit-password",
      // HOME too: the sessions read none of the real home's shell files.
      `SetEnv HOME=${home} TMUX_TMPDIR=${join(home, "tmux")} XDG_STATE_HOME=${join(home, "state")} XDG_CONFIG_HOME=${join(home, "config")} PATH=${path}`,
      "",
    ].join("\n"),
  );
  const started = Bun.spawnSync([SSHD, "-f", join(home, "sshd_config"), "-E", join(home, "sshd.log")], {
    stderr: "pipe",
  });
  if (started.exitCode !== 0) throw new Error(`sshd did not start: ${started.stderr.toString()}`);
  running.add(pidFile);
  const deadline = Date.now() + 5000;
  while (!existsSync(pidFile) && Date.now() < deadline) await Bun.sleep(20);
  return {
    destination: `ssh://root@127.0.0.1:${port}`,
    home,
    tmux: new Tmux({ socketPath: join(home, "tmux", `tmux-${process.getuid?.() ?? 0}`, "default") }),
    stop: () => stopDaemon(pidFile),
  };
}

process.on("exit", () => {
  for (const pidFile of running) stopDaemon(pidFile);
});
