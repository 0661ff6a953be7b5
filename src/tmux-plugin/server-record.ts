// The plugin's record of the server it was loaded into: `<state>/servers/<socket>.json`
// (the socket's path made into a file name) with the server's pid and start time, written
// whole at each load. `taw doctor` compares it with the server answering now, so a server that
// went away without the plugin being loaded again (a crash, a kill) is said, with when it began.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../fs.ts";
import { stateDir } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import { VERSION } from "../version.ts";

type Env = Record<string, string | undefined>;

export interface ServerRecord {
  socket: string;
  pid: number;
  /** Seconds since the epoch the server started. */
  started: number;
  /** The taw that loaded the plugin. */
  taw: string;
}

/** Where the record of the server on `socket` lives. */
export const recordPath = (socket: string, env: Env = process.env) =>
  join(stateDir(env), "servers", `${socket.replace(/^\//, "").replace(/[^A-Za-z0-9._-]/g, "_")}.json`);

/** The server's pid and start time, as it says them. */
export async function readServer(tmux: Tmux): Promise<{ pid: number; started: number }> {
  const [pid = "", started = ""] = (await tmux.run(["display-message", "-p", "#{pid} #{start_time}"]))
    .trim()
    .split(" ");
  return { pid: Number(pid), started: Number(started) };
}

export async function writeServerRecord(tmux: Tmux, env: Env = process.env): Promise<ServerRecord> {
  const socket = tmux.describeSocket(env);
  const record = { socket, ...(await readServer(tmux)), taw: VERSION };
  writeFileAtomic(recordPath(socket, env), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

export function readServerRecord(socket: string, env: Env = process.env): ServerRecord | undefined {
  const path = recordPath(socket, env);
  if (!existsSync(path)) return undefined;
  try {
    const record = JSON.parse(readFileSync(path, "utf8")) as ServerRecord;
    return typeof record.pid === "number" && typeof record.started === "number" ? record : undefined;
  } catch {
    return undefined;
  }
}
