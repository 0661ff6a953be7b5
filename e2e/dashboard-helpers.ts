// Running the dashboard in a real tmux pane of a test server and reading what it drew.

import { readFileSync } from "node:fs";
import { AWAY, TAW, type TestServer, waitFor } from "./harness.ts";

/**
 * The shell line that runs the installed `taw <args>` from `cwd` (by default a user's folder
 * outside the checkout; the pane has the server's environment, a user's: see harness.ts) and
 * then says how it ended, leaving a shell behind. `env` sets variables for taw alone.
 */
export const dashboardLine = (
  server: TestServer,
  args: string[],
  env: Record<string, string> = {},
  cwd = AWAY,
) => {
  const vars = Object.entries({ ...env, TAW_TMUX_NAME: server.name })
    .map(([key, value]) => `${key}='${value}'`)
    .join(" ");
  return `cd '${cwd}' && env ${vars} ${TAW} ${args.join(" ")}; echo "dashboard exited $?"; exec sh`;
};

export interface DashboardWindow {
  /** taw's words (default: dashboard). */
  args?: string[];
  /** Variables for the taw process. */
  env?: Record<string, string>;
  /** The server whose window runs it, when it is not the one it watches (another terminal). */
  on?: TestServer;
  /** Made without switching to it. */
  detached?: boolean;
}

/** A new window whose pane runs the dashboard on `server`; answers its pane id. */
export async function openDashboard(server: TestServer, options: DashboardWindow = {}): Promise<string> {
  const line = dashboardLine(server, options.args ?? ["dashboard"], options.env);
  const window = ["new-window", ...(options.detached ? ["-d"] : []), "-P", "-F", "#{pane_id}"];
  return (await (options.on ?? server).run(...window, "sh", "-c", line)).trim();
}

export const screen = (server: TestServer, pane: string) => server.run("capture-pane", "-p", "-t", pane);

/** Wait until the pane's screen satisfies `check`; answers the screen. */
export async function screenShows(
  server: TestServer,
  pane: string,
  check: (text: string) => boolean,
  what: string,
  ms = 10_000,
): Promise<string> {
  let last = "";
  try {
    return await waitFor(
      async () => {
        last = await screen(server, pane);
        return check(last) ? last : undefined;
      },
      ms,
      what,
    );
  } catch (error) {
    // What the pane showed last says more than the timeout alone.
    throw new Error(`${(error as Error).message}\nthe pane showed:\n${last}`);
  }
}

/**
 * Like screenShows, but the screen must also read the same in two captures in a row. tmux can
 * be captured halfway through a redraw: new rows above, the old frame's rows below. A test that
 * then asserts something is gone needs the whole frame, not its top.
 */
export function screenSettles(
  ...[server, pane, check, what, ms]: Parameters<typeof screenShows>
): Promise<string> {
  let previous = "";
  const settled = (text: string) => {
    const same = text === previous;
    previous = text;
    return same && check(text);
  };
  return screenShows(server, pane, settled, what, ms);
}

export async function paneFormat(server: TestServer, pane: string, format: string): Promise<string> {
  return (await server.run("display-message", "-p", "-t", pane, format)).trim();
}

/** The dashboard process: the child of the pane's shell. */
export function dashboardPid(panePid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${panePid}/task/${panePid}/children`, "utf8").trim().split(/\s+/);
    const pid = Number(children[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Modes a program that quit cleanly leaves off: alternate screen, mouse reporting. */
export const TERMINAL_MODES = "#{alternate_on}#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}";
