// One question put to every configured host at once, for a one-shot verb (`agent list
// --all-hosts`): each host's answer, or why it gave none, by a deadline. A host that does not
// answer in time costs the deadline and nothing more; every connection is closed after.

import { serveArgv } from "./argv.ts";
import { configuredHosts } from "./config.ts";
import { HostConnection, HostError } from "./connection.ts";

type Env = Record<string, string | undefined>;

/** The whole of `--all-hosts`' wait for the hosts, connecting included. */
export const ALL_HOSTS_DEADLINE_MS = 2500;

export type HostAnswer =
  | { host: string; state: "ok"; taw: string; result: unknown }
  | { host: string; state: "unreachable"; since: number; reason: string }
  | { host: string; state: "error"; code: string; reason: string };

export async function askHost(
  connection: HostConnection,
  method: string,
  params: Record<string, unknown>,
  timeoutMs: number,
): Promise<HostAnswer> {
  const host = connection.name;
  try {
    const result = await connection.request(method, params, timeoutMs);
    const taw = connection.state.state === "ok" ? connection.state.taw : "";
    return { host, state: "ok", taw, result };
  } catch (error) {
    if (error instanceof HostError) return { host, state: "error", code: error.code, reason: error.message };
    const since = connection.state.state === "unreachable" ? connection.state.since : Date.now();
    return { host, state: "unreachable", since, reason: (error as Error).message };
  }
}

/** Ask every configured host `method`; one that is misconfigured answers why. */
export async function askAllHosts(
  env: Env,
  method: string,
  params: Record<string, unknown> = {},
  deadlineMs = ALL_HOSTS_DEADLINE_MS,
): Promise<HostAnswer[]> {
  const connections: HostConnection[] = [];
  try {
    return await Promise.all(
      configuredHosts(env).map(async ({ name, host }): Promise<HostAnswer> => {
        if ("problem" in host)
          return { host: name, state: "error", code: "host_config", reason: host.problem };
        const connection = new HostConnection(name, serveArgv(host), env);
        connections.push(connection);
        connection.connect().catch(() => undefined);
        return askHost(connection, method, params, deadlineMs);
      }),
    );
  } finally {
    for (const connection of connections) connection.close();
  }
}
