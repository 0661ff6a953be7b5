// The engine following other hosts: for each [hosts.<name>] with `status` or `notify` on, one
// connection (reconnecting, 1, 2, 4 … 30 s) whose agent list is watched (keep-watch.ts).
// - status: the host's agents' states are counted in this server's status token. They are
//   written to REMOTE_STATES_OPTION with a nudge; the engine's next tick reads them with the
//   panes and rewrites the rail (so does `taw seen`). A host that stops answering counts
//   nothing until it answers again.
// - notify: an agent there that becomes blocked or done is told here, named with its host,
//   once [notify] delay_seconds have passed and it still is (the far end's own engine
//   notifies the far end's clients). What a host had at connect time is not news.

import { loadConfig } from "../config/load.ts";
import { deliver } from "../notify/deliver.ts";
import { readTmuxNow } from "../notify/read.ts";
import type { NoticeItem } from "../notify/types.ts";
import { Tmux } from "../tmux/client.ts";
import { setOption, unsetOption } from "../tmux/options.ts";
import { nudgeCommands } from "../watch/probe.ts";
import { REMOTE_STATES_OPTION } from "../watch/rail.ts";
import { serveArgv } from "./argv.ts";
import { configuredHosts, socketSelection } from "./config.ts";
import { HostConnection } from "./connection.ts";
import { keepWatching } from "./keep-watch.ts";

type Env = Record<string, string | undefined>;

/** The fields of a host's agent record (src/agent/list.ts) the follower reads. */
interface RemoteAgent {
  pane_id: string;
  session: string;
  window_index: number;
  agent: { kind: string | null; state: string; name: string | null; display: string | null } | null;
}

interface Followed {
  name: string;
  status: boolean;
  notify: boolean;
  /** The last list, by pane id; undefined until the first list since (re)connecting. */
  agents?: Map<string, RemoteAgent>;
}

const isRecord = (value: unknown): value is RemoteAgent =>
  typeof value === "object" && value !== null && typeof (value as RemoteAgent).pane_id === "string";

/** A remote agent as a notification names it. */
function noticeOf(host: string, record: RemoteAgent, state: "blocked" | "done"): NoticeItem {
  const agent = record.agent;
  return {
    state,
    pane: {
      id: record.pane_id,
      state,
      kind: agent?.kind ?? "",
      name: agent?.name ?? "",
      display: agent?.display ?? "",
      message: "",
      session: record.session,
      windowIndex: String(record.window_index),
      inFront: false,
      conversation: { id: "", path: "" },
      host,
    },
  };
}

/** Follow every host that asks for it; answers the function that stops following. */
export function followHosts(tmux: Tmux, env: Env, log: (message: string) => void): () => void {
  const followed = new Map<string, Followed>();
  const connections: HostConnection[] = [];
  const stops: (() => void)[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let written = "";
  const own = tmux.describeSocket(env);

  const writeStates = () => {
    const states = [...followed.values()]
      .filter((host) => host.status && host.agents)
      .flatMap((host) => [...(host.agents?.values() ?? [])].map((record) => record.agent?.state ?? ""))
      .filter(Boolean)
      .join(" ");
    if (states === written) return;
    written = states;
    void tmux
      .batch([
        setOption({ kind: "global" }, REMOTE_STATES_OPTION, states),
        ...nudgeCommands(String(Date.now())),
      ])
      .catch((error) => log(`hosts: writing the followed states failed: ${error}`));
  };

  /** After the delay, the agents of `host` still in the state they changed to are told. */
  const notifyLater = (host: Followed, changed: { paneId: string; state: "blocked" | "done" }[]) => {
    const { notify } = loadConfig(env).config;
    if (!notify.enabled) return;
    const timer = setTimeout(async () => {
      timers.delete(timer);
      const items = changed.flatMap(({ paneId, state }) => {
        const record = host.agents?.get(paneId);
        return record?.agent?.state === state ? [noticeOf(host.name, record, state)] : [];
      });
      if (items.length === 0) return;
      try {
        const { clients } = await readTmuxNow(tmux);
        const delivered = await deliver(tmux, notify, items, clients);
        log(`hosts: notified ${delivered.text}`);
      } catch (error) {
        log(`hosts: notifying failed: ${error}`);
      }
    }, notify.delay_seconds * 1000);
    timers.add(timer);
  };

  const take = (host: Followed, list: unknown[]) => {
    const before = host.agents;
    host.agents = new Map(list.filter(isRecord).map((record) => [record.pane_id, record]));
    if (host.status) writeStates();
    if (!host.notify || !before) return;
    const changed = [...host.agents.values()].flatMap(
      (record): { paneId: string; state: "blocked" | "done" }[] => {
        const state = record.agent?.state;
        if ((state !== "blocked" && state !== "done") || before.get(record.pane_id)?.agent?.state === state)
          return [];
        return [{ paneId: record.pane_id, state }];
      },
    );
    if (changed.length > 0) notifyLater(host, changed);
  };

  for (const { name, entry, host } of configuredHosts(env)) {
    if (!(entry.status || entry.notify)) continue;
    if ("problem" in host) {
      log(`hosts: not following ${name}: ${host.problem}`);
      continue;
    }
    // One config.toml serves every server on the machine: a server is never its own host.
    if (host.kind === "socket" && new Tmux(socketSelection(host.socket)).describeSocket(env) === own)
      continue;
    const state: Followed = { name, status: entry.status, notify: entry.notify };
    followed.set(name, state);
    const connection = new HostConnection(name, serveArgv(host), env, { reconnect: true });
    connections.push(connection);
    stops.push(
      keepWatching(connection, (list) => take(state, list)),
      connection.onState((now) => {
        if (now.state === "ok") return;
        // Until it answers again: nothing counted, and its next list is no news.
        state.agents = undefined;
        if (state.status) writeStates();
      }),
    );
    connection.connect().catch((error) => log(`hosts: ${name}: ${(error as Error).message}`));
  }
  return () => {
    for (const stop of stops) stop();
    for (const connection of connections) connection.close();
    for (const timer of timers) clearTimeout(timer);
    if (written)
      void tmux.batch([unsetOption({ kind: "global" }, REMOTE_STATES_OPTION)]).catch(() => undefined);
  };
}
