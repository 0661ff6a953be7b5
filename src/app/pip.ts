// `P`: pin the selected agent as picture-in-picture in the window its person looks at (the
// popup's client's, else the dashboard's own); `P` on the agent already pinned there unpins it.

import { loadConfig } from "../config/load.ts";
import { currentWindow, pin, strips, unpin } from "../pip/pin.ts";
import { target } from "../tmux/escape.ts";
import { publicWindowId } from "../tmux/ids.ts";
import { type ActionContext, attempt } from "./actions.ts";
import { selectedAgent, showMessage } from "./store.ts";

export async function togglePip(ctx: ActionContext): Promise<void> {
  const agent = selectedAgent(ctx.store.getState());
  if (!agent) {
    showMessage(ctx.store, "the selected pane runs no agent", true);
    return;
  }
  if (agent.host) {
    // A pin shows a pane of this server; another host's screen stays there.
    showMessage(
      ctx.store,
      `${agent.label} runs on ${agent.host}: P pins this server's agents (Enter attaches to it)`,
      true,
    );
    return;
  }
  await attempt(ctx, async () => {
    const window = await currentWindow(ctx.tmux, ctx.client, process.env);
    if ((await strips(ctx.tmux, window)).some((strip) => strip.pinned === agent.paneId)) {
      await unpin(ctx.tmux, window);
      return `unpinned ${agent.label}`;
    }
    const config = loadConfig(process.env).config.pip;
    const pinned = await pin(ctx.tmux, agent.paneId, window, config);
    return `pinned ${agent.label} in the ${config.corner} corner of window ${await windowText(ctx, pinned.window)} (P again unpins it)`;
  });
}

/** The window the strip went to, as a person finds it: public id, session:index and name. */
async function windowText(ctx: ActionContext, window: string): Promise<string> {
  const format = "#{session_id} #{window_id} #{session_name}:#{window_index} #{window_name}";
  const [session = "", id = "", ...place] = (
    await ctx.tmux.run(["display-message", "-p", "-t", target(window), format])
  )
    .trim()
    .split(" ");
  return `${publicWindowId(session, id)} (${place.join(" ")})`;
}
