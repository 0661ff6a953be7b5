// Where `agent start` puts an agent: an idle shell pane it is given, or a pane it makes (a
// window, a split, or a session of its own). A made pane runs the user's default shell, at
// whose prompt the agent's command is typed, so it starts exactly as if typed by hand.

import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { foldSessionName, newName, startDirectory, target } from "../tmux/escape.ts";
import { publicPaneId } from "../tmux/ids.ts";
import { resolve } from "../tmux/server.ts";

export const START_TARGETS = ["window", "split", "session"] as const;
export type StartTarget = (typeof START_TARGETS)[number];

export type LaunchPlace =
  /** Type into this pane, whose shell must be idle. */
  | { kind: "pane"; pane: string }
  /** A new window in this session (default: the current one). */
  | { kind: "window"; session?: string }
  /** Split this pane (default: the current one). */
  | { kind: "split"; pane?: string }
  /** A new detached session. */
  | { kind: "session"; name: string };

const CREATED_FORMAT = "#{pane_id}\t#{session_id}";

/** The pane tmux calls current: the caller's own when taw runs inside tmux. */
async function currentPane(tmux: Tmux, env: Record<string, string | undefined>): Promise<string> {
  if (env.TMUX_PANE) return resolve(tmux, env.TMUX_PANE, "pane");
  return (await tmux.run(["display-message", "-p", "#{pane_id}"])).trim();
}

/** Make the pane a place asks for (not a pane given, which is resolved by the caller). */
export async function makePane(
  tmux: Tmux,
  place: Exclude<LaunchPlace, { kind: "pane" }>,
  cwd: string | undefined,
  env: Record<string, string | undefined>,
): Promise<{ id: string; publicId: string }> {
  const cwdArgs = cwd ? ["-c", startDirectory(cwd)] : [];
  let args: string[];
  if (place.kind === "window") {
    const session = place.session
      ? await resolve(tmux, place.session, "session")
      : (
          await tmux.run([
            "display-message",
            "-p",
            "-t",
            target(await currentPane(tmux, env)),
            "#{session_id}",
          ])
        ).trim();
    args = ["new-window", "-d", "-t", target(`${session}:`)];
  } else if (place.kind === "split") {
    const pane = place.pane ? await resolve(tmux, place.pane, "pane") : await currentPane(tmux, env);
    args = ["split-window", "-d", "-t", target(pane)];
  } else {
    const taken = await tmux.tryRun(["has-session", "-t", target(`=${foldSessionName(place.name)}`)]);
    if (!taken.error) {
      throw new TawError(
        "session_exists",
        `a session named '${place.name}' already exists. Give the agent another --name.`,
      );
    }
    args = ["new-session", "-d", "-s", newName(place.name)];
  }
  const [id = "", session = ""] = (await tmux.run([...args, ...cwdArgs, "-P", "-F", CREATED_FORMAT]))
    .trim()
    .split("\t");
  return { id, publicId: publicPaneId(session, id) };
}
