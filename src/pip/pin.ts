// Pin an agent's pane as picture-in-picture: a strip in a corner of the window you look at runs
// `taw pip view <pane>`, which shows that pane's last rows live. The strip is marked with the
// pane it shows (@taw_pip), takes no input and never the focus; one per window, so pinning
// again replaces it; `taw pip --off` closes it.

import type { PipConfig } from "../config/types.ts";
import { TawError, usageError } from "../errors.ts";
import { TAW_BIN } from "../paths.ts";
import { currentPlace } from "../space/switch.ts";
import type { Tmux } from "../tmux/client.ts";
import { shellLine, target } from "../tmux/escape.ts";
import { setOption } from "../tmux/options.ts";
import { resolve } from "../tmux/server.ts";
import { cornerPane, parseRects, RECT_FORMAT, stripArgs } from "./corner.ts";
import { READY_OPTION, releasePipe } from "./view.ts";

/** On a strip's pane: the pane it shows. */
export const PIP_OPTION = "@taw_pip";

type Env = Record<string, string | undefined>;

/** The window someone looks at: the client's, else the one taw runs in. */
export async function currentWindow(tmux: Tmux, client: string | undefined, env: Env): Promise<string> {
  const place = await currentPlace(tmux, client, env);
  if (!place)
    throw usageError("taw runs outside tmux here: name the window the pip goes to with --window <window>");
  return place.window;
}

/** The strips of a window (or of every window), with the pane each shows. */
export async function strips(tmux: Tmux, window?: string): Promise<{ pip: string; pinned: string }[]> {
  const scope = window ? ["-t", target(window)] : ["-a"];
  const output = await tmux.run(["list-panes", ...scope, "-F", `#{pane_id} #{${PIP_OPTION}}`]);
  return output
    .split("\n")
    .map((line) => line.split(" "))
    .filter(([, pinned]) => pinned)
    .map(([pip = "", pinned = ""]) => ({ pip, pinned }));
}

/** Close the strips of `window` (every window's without one), and the pipes they read the
 * pinned panes through; answers the panes closed. */
export async function unpin(tmux: Tmux, window?: string): Promise<string[]> {
  const found = await strips(tmux, window);
  if (found.length)
    await tmux.batch(
      found.flatMap(({ pip, pinned }) => [["kill-pane", "-t", target(pip)], releasePipe(pinned, pip)]),
    );
  return found.map(({ pip }) => pip);
}

/** How long `pin` waits for its strip to follow the pane before it answers anyway. */
const READY_WAIT_MS = 5000;

export interface Pinned {
  pip: string;
  pinned: string;
  window: string;
}

export async function pin(
  tmux: Tmux,
  paneText: string,
  windowText: string,
  config: PipConfig,
): Promise<Pinned> {
  const pinned = await resolve(tmux, paneText, "pane");
  const window = await resolve(tmux, windowText, "window");
  const home = (await tmux.run(["display-message", "-p", "-t", target(pinned), "#{window_id}"])).trim();
  if (home === window)
    throw new TawError(
      "same_window",
      `pane ${paneText} is in that window already: pin it from another window`,
    );
  await unpin(tmux, window);
  const corner = cornerPane(
    parseRects(await tmux.run(["list-panes", "-t", target(window), "-F", RECT_FORMAT])),
    config.corner,
  );
  if (!corner)
    throw new TawError("tmux_failed", `could not find the ${config.corner} pane of window ${window}`);
  const view = shellLine([TAW_BIN, "pip", "view", pinned]);
  const pip = (await tmux.run([...stripArgs(corner, config), "-P", "-F", "#{pane_id}", view])).trim();
  await tmux.batch([
    setOption({ kind: "pane", target: pip }, PIP_OPTION, pinned),
    // Keys typed there go nowhere: the strip is something to look at.
    ["select-pane", "-d", "-t", target(pip)],
  ]);
  // Answered once the strip follows the pane, so an unpin that comes next finds its pipe.
  const deadline = Date.now() + READY_WAIT_MS;
  while (Date.now() < deadline) {
    const shown = await tmux.tryRun(["display-message", "-p", "-t", target(pip), `#{${READY_OPTION}}`]);
    if (shown.error || shown.stdout.trim() === "1") break;
    await Bun.sleep(50);
  }
  return { pip, pinned, window };
}
