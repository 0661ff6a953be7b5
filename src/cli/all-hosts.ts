// What the verbs that read every host share: the --all-hosts flag, the local records beside
// each host's (each with its host), the hosts that did not answer said, and `<host>/<target>`.

import { EXIT, TawError } from "../errors.ts";
import { serveArgv } from "../hosts/argv.ts";
import { findHost, LOCAL_HOST } from "../hosts/config.ts";
import { HostConnection } from "../hosts/connection.ts";
import { ALL_HOSTS_DEADLINE_MS, askAllHosts, askHost, type HostAnswer } from "../hosts/gather.ts";
import { VERSION } from "../version.ts";
import type { FlagSpecs } from "./args.ts";

type Env = Record<string, string | undefined>;

export const ALL_HOSTS_FLAG: FlagSpecs = {
  "all-hosts": {
    type: "boolean",
    description: "every host config.toml names too (taw hosts list), each record with its host",
  },
};

/** How a host answered: the local server always, then each configured host. */
export type HostStatus =
  | { name: string; state: "ok"; taw: string }
  | { name: string; state: "unreachable"; since: number; reason: string }
  | { name: string; state: "error"; code: string; reason: string };

const statusOf = (answer: HostAnswer): HostStatus => {
  const { host: name, ...rest } = answer;
  if (rest.state !== "ok") return { name, ...rest };
  return { name, state: "ok", taw: rest.taw };
};

/** The local records and every host's, each with its host; the local read gets the same deadline. */
export async function fromAllHosts<R extends { host: string }>(
  method: string,
  local: (deadlineMs: number) => Promise<{ live: boolean; agents: R[] }>,
  env: Env,
): Promise<{ live: boolean; agents: R[]; hosts: HostStatus[] }> {
  const [mine, answers] = await Promise.all([local(ALL_HOSTS_DEADLINE_MS), askAllHosts(env, method)]);
  const theirs = answers.flatMap((answer) =>
    answer.state === "ok" && Array.isArray(answer.result)
      ? (answer.result as R[]).map((record) => ({ ...record, host: answer.host }))
      : [],
  );
  const hosts: HostStatus[] = [{ name: LOCAL_HOST, state: "ok", taw: VERSION }, ...answers.map(statusOf)];
  return { live: mine.live, agents: [...mine.agents, ...theirs], hosts };
}

/** Every configured host's answer to `method` (one object each, with its host), and how each
 * host answered, the local server first: for a verb whose answer is not a list of records. */
export async function askEveryHost<R extends object>(
  env: Env,
  method: string,
  params: Record<string, unknown> = {},
) {
  const answers = await askAllHosts(env, method, params);
  const theirs = answers.flatMap((answer) =>
    answer.state === "ok" && typeof answer.result === "object" && answer.result !== null
      ? [{ ...(answer.result as R), host: answer.host }]
      : [],
  );
  const hosts: HostStatus[] = [{ name: LOCAL_HOST, state: "ok", taw: VERSION }, ...answers.map(statusOf)];
  return { answers: theirs, hosts };
}

/** A line for each host that gave no records: `box: unreachable (connection refused)`. */
export const hostLines = (hosts: HostStatus[]) =>
  hosts.flatMap((host) => (host.state === "ok" ? [] : [`${host.name}: ${host.state} (${host.reason})`]));

/** `box/w1:p3` names pane w1:p3 of host box (which must be configured); `local/w1:p3` and
 * `w1:p3` name this server's (host undefined). */
export function splitTarget(env: Env, text: string): { host?: string; target: string } {
  const match = /^([a-z][a-z0-9_-]{0,31})\/(.+)$/.exec(text);
  if (!match?.[1] || !match[2]) return { target: text };
  if (match[1] === LOCAL_HOST) return { target: match[2] };
  findHost(env, match[1]);
  return { host: match[1], target: match[2] };
}

/** A host's own time to answer one verb: connecting over ssh included. */
const ONE_HOST_TIMEOUT_MS = 10_000;

/** The exit a host's error gives here: the one the same error gives a local verb. */
const exitFor = (code: string) =>
  code === "usage" || code === "host_not_found"
    ? EXIT.usage
    : code.endsWith("_not_found")
      ? EXIT.notFound
      : code === "timeout" || code === "still_blocked"
        ? EXIT.timeout
        : EXIT.failure;

/** Ask one host `method` over one connection, closed after; its error, or its being
 * unreachable, is this verb's error. */
export async function askOneHost(
  env: Env,
  name: string,
  method: string,
  params: Record<string, unknown>,
  timeoutMs = ONE_HOST_TIMEOUT_MS,
) {
  const connection = new HostConnection(name, serveArgv(findHost(env, name)), env);
  connection.connect().catch(() => undefined);
  const answer = await askHost(connection, method, params, timeoutMs).finally(() => connection.close());
  if (answer.state === "ok") return { ...(answer.result as object), host: name };
  if (answer.state === "error")
    throw new TawError(answer.code, `${name}: ${answer.reason}`, exitFor(answer.code));
  throw new TawError(
    "host_unreachable",
    `host '${name}' is unreachable: ${answer.reason} (see 'taw hosts test ${name}')`,
  );
}

/** How a result names its agent: `api @box` for another host's. */
export const labelAt = (result: { label: string; host?: string }) =>
  result.host ? `${result.label} @${result.host}` : result.label;
