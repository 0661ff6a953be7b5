// `P`: pin the selected agent as picture-in-picture in the window its person looks at (the
// popup's client's, else the dashboard's own); `P` on the agent already pinned there unpins it.

import { loadConfig } from "../config/load.ts";
import { currentWindow, pin, strips, unpin } from "../pip/pin.ts";
import { type ActionContext, attempt } from "./actions.ts";
import { selectedAgent, showMessage } from "./store.ts";

export async function togglePip(ctx: ActionContext): Promise<void> {
  const agent = selectedAgent(ctx.store.getState());
  if (!agent) {
    showMessage(ctx.store, "the selected pane runs no agent", true);
    return;
  }
  await attempt(ctx, async () => {
    const window = await currentWindow(ctx.tmux, ctx.client, process.env);
    if ((await strips(ctx.tmux, window)).some((strip) => strip.pinned === agent.paneId)) {
      await unpin(ctx.tmux, window);
      return `unpinned ${agent.label}`;
    }
    await pin(ctx.tmux, agent.paneId, window, loadConfig(process.env).config.pip);
    return `pinned ${agent.label} in a corner of your window (P again unpins it)`;
  });
}
