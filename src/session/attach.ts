// --attach: inside tmux the client switches to the session; outside, this terminal attaches.

import { EXIT, TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";

export async function attachTo(tmux: Tmux, session: string, env: Record<string, string | undefined>) {
  const exact = target(`=${session}`);
  if (env.TMUX) {
    await tmux.run(["switch-client", "-t", exact]);
    return;
  }
  if (!process.stdin.isTTY)
    throw new TawError(
      "no_terminal",
      `--attach needs a terminal; the session '${session}' is there: attach with 'tmux ${tmux.serverArgs().join(" ")} attach -t ${session}'`.replace(
        "  ",
        " ",
      ),
    );
  const proc = Bun.spawn(["tmux", ...tmux.serverArgs(), "attach-session", "-t", exact], {
    env: process.env,
    stdio: ["inherit", "inherit", "inherit"],
  });
  if ((await proc.exited) !== 0)
    throw new TawError("tmux_failed", `tmux could not attach to '${session}'`, EXIT.tmux);
}
