// The tmux checks: the binary and its version, the socket and the server behind it.

import { statSync } from "node:fs";
import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { SKIP_CONTROL_SESSION } from "../tmux/control-session.ts";
import { atLeast, detectVersion, MINIMUM } from "../tmux/version.ts";
import { type Check, fail, ok } from "./check.ts";

const NO_SERVER_FIX = "start tmux or pass -L/-S";

const message = (error: unknown) => (error instanceof TawError ? error.message : String(error));

export async function checkTmuxVersion(): Promise<Check> {
  const install = `install tmux ${MINIMUM.major}.${MINIMUM.minor} or newer`;
  try {
    const version = await detectVersion();
    if (!atLeast(version, MINIMUM.major, MINIMUM.minor))
      return fail("tmux", `tmux ${version.text} is too old`, install);
    return ok("tmux", `tmux ${version.text}`);
  } catch (error) {
    if (error instanceof TawError && error.code === "tmux_missing")
      return fail("tmux", "tmux is not on PATH", install);
    return fail("tmux", message(error), "check that `tmux -V` runs");
  }
}

/** The server answers on the socket this invocation talks to. */
export async function checkServer(tmux: Tmux): Promise<Check> {
  try {
    const sessions = (await tmux.run(["list-sessions", "-f", SKIP_CONTROL_SESSION, "-F", "#{session_id}"]))
      .split("\n")
      .filter(Boolean);
    return ok("server", `reachable, ${sessions.length} session(s)`);
  } catch (error) {
    const running = error instanceof TawError && error.code === "no_server";
    return fail(
      "server",
      running ? "no tmux server is running on this socket" : message(error),
      NO_SERVER_FIX,
    );
  }
}

/** The socket is there, is a socket, and (`serverUp`) a server answers on it. */
export function checkSocket(path: string, serverUp: boolean): Check {
  let isSocket: boolean;
  try {
    isSocket = statSync(path).isSocket();
  } catch {
    return fail("socket", `no socket at ${path}: the tmux server is not running`, NO_SERVER_FIX);
  }
  if (!isSocket) return fail("socket", `${path} is not a socket`, "pass -L/-S to choose the server");
  if (!serverUp) return fail("socket", `${path} is left from a server that is gone`, NO_SERVER_FIX);
  return ok("socket", path);
}
