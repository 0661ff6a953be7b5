// `taw hosts test`: what a host has and lacks, each check on its own line. A machine is probed
// with one ssh run; a local server by asking it for its sessions.

import { TawError } from "../errors.ts";
import { runToEnd } from "../spawn.ts";
import { Tmux } from "../tmux/client.ts";
import { VERSION } from "../version.ts";
import { shellLine, shellWord, socketArgs, sshArgv } from "./argv.ts";
import { type Host, socketSelection } from "./config.ts";
import { HOSTS_PROTOCOL, parseLine } from "./protocol.ts";

type Env = Record<string, string | undefined>;

export interface HostCheck {
  name: string;
  ok: boolean;
  /** A failed required check makes the host unusable; the others are said. */
  required: boolean;
  detail: string;
}

export interface HostTest {
  host: string;
  ok: boolean;
  checks: HostCheck[];
}

const PROBE_TIMEOUT_MS = 15_000;
const check = (name: string, ok: boolean, detail: string, required = true): HostCheck => ({
  name,
  ok,
  required,
  detail,
});

/** The probe's output cut at its markers: `@tmux`, `@taw`, `@end`. */
function sections(stdout: string): Map<string, string> {
  const found = new Map<string, string>();
  let current: string | undefined;
  for (const line of stdout.split("\n")) {
    if (/^@(tmux|server|taw|end)$/.test(line)) current = line.slice(1);
    else if (current) found.set(current, `${found.get(current) ?? ""}${line}\n`);
  }
  return found;
}

const firstLine = (text: string | undefined) => (text ?? "").trim().split("\n")[0] ?? "";

function tawChecks(host: Extract<Host, { kind: "ssh" }>, text: string | undefined): HostCheck[] {
  const answer = (text ?? "")
    .split("\n")
    .map(parseLine)
    .find((value) => value && "protocol" in value);
  if (!answer) {
    const said = firstLine(text);
    const missing = /not found|no such file/i.test(said) || said === "";
    const why = missing
      ? `'${host.taw}' not found there: install taw on it, or name it with 'taw hosts add ${host.name} ${host.ssh} --taw <path>'`
      : `'${host.taw}' does not serve hosts (${said}): update taw there to ${VERSION}`;
    return [check("taw", false, why)];
  }
  const { taw, protocol } = answer as { taw: string; protocol: number };
  const same = protocol === HOSTS_PROTOCOL;
  return [
    check("taw", true, `taw ${taw}, hosts protocol ${protocol}`),
    check(
      "protocol",
      same,
      same
        ? `the same as here (${HOSTS_PROTOCOL})`
        : `there ${protocol}, here ${HOSTS_PROTOCOL}: update the older taw (there ${taw}, here ${VERSION})`,
    ),
    check(
      "version",
      taw === VERSION,
      taw === VERSION
        ? `the same as here (${VERSION})`
        : `there ${taw}, here ${VERSION} (they still understand each other)`,
      false,
    ),
  ];
}

async function testSsh(host: Extract<Host, { kind: "ssh" }>, env: Env): Promise<HostCheck[]> {
  const tmux = shellLine(["tmux", ...socketArgs(host.tmuxSocket)]);
  const script = [
    "echo @tmux; tmux -V 2>&1",
    `echo @server; ${tmux} list-sessions -F x 2>&1 | wc -l`,
    `echo @taw; ${shellWord(host.taw)} hosts serve --version 2>&1`,
    "echo @end",
  ].join("; ");
  const ran = await runToEnd(sshArgv(host.ssh, script), { env, timeoutMs: PROBE_TIMEOUT_MS });
  const found = sections(ran.stdout);
  if (!found.has("end")) {
    const why = ran.error
      ? `cannot run ssh: ${ran.error}`
      : ran.timedOut
        ? `no answer in ${PROBE_TIMEOUT_MS / 1000} s`
        : ran.stderr.trim().split("\n").at(-1) || `ssh exited ${ran.exitCode}`;
    return [check("ssh", false, `${host.ssh}: ${why}`)];
  }
  const tmuxLine = firstLine(found.get("tmux"));
  const hasTmux = /^tmux \S+/.test(tmuxLine);
  const sessions = Number(firstLine(found.get("server"))) || 0;
  return [
    check("ssh", true, `${host.ssh} answers (BatchMode, ${ran.durationMs} ms)`),
    check(
      "tmux",
      hasTmux,
      hasTmux ? tmuxLine : `not found there (${tmuxLine || "no output"}): install tmux on it`,
    ),
    check(
      "server",
      sessions > 0,
      sessions > 0
        ? `tmux server running, ${sessions} session${sessions === 1 ? "" : "s"}`
        : "no tmux server running there yet",
      false,
    ),
    ...tawChecks(host, found.get("taw")),
  ];
}

async function testSocket(host: Extract<Host, { kind: "socket" }>): Promise<HostCheck[]> {
  const tmux = new Tmux(socketSelection(host.socket));
  const { stdout, error } = await tmux.tryRun(["list-sessions", "-F", "#{session_name}"]);
  const sessions = stdout.trim().split("\n").filter(Boolean).length;
  const where = tmux.serverArgs().join(" ");
  return [
    check(
      "server",
      !error,
      error
        ? `tmux ${where}: ${error.message}`
        : `tmux ${where} answers, ${sessions} session${sessions === 1 ? "" : "s"}`,
    ),
  ];
}

export async function testHost(host: Host, env: Env): Promise<HostTest> {
  const checks = host.kind === "ssh" ? await testSsh(host, env) : await testSocket(host);
  return { host: host.name, ok: checks.every((one) => one.ok || !one.required), checks };
}

/** The failure a host test that did not pass ends with. */
export const testFailure = (result: HostTest) =>
  result.ok
    ? undefined
    : new TawError(
        "host_unusable",
        `host '${result.host}' is not usable yet: ${result.checks
          .filter((one) => !one.ok && one.required)
          .map((one) => one.name)
          .join(", ")} failed`,
      );
