// The popup's bar on the status line (src/tmux-plugin/popup-bar.ts), written from the
// dashboard's counts as they change: what waits for you stays in sight below the popup.

import type { StateCounts } from "../agent/rows.ts";
import type { Tmux } from "../tmux/client.ts";
import { type PopupBar, raiseBar } from "../tmux-plugin/popup-bar.ts";
import type { DashStore } from "./store/state.ts";

export function barText(counts: StateCounts): string {
  const parts = [
    counts.blocked > 0 ? `${counts.blocked} need${counts.blocked === 1 ? "s" : ""} you` : "",
    counts.done > 0 ? `${counts.done} done` : "",
    counts.working > 0 ? `${counts.working} working` : "",
    counts.idle > 0 ? `${counts.idle} idle` : "",
  ].filter(Boolean);
  // ASCII only: a client whose terminal is not UTF-8 shows other characters as `_`.
  return `taw: ${parts.length > 0 ? parts.join(", ") : "no agents"} (Enter jumps, q closes)`;
}

/** Raise the bar and keep it written; resolves with what lowers it (undefined when off). */
export async function followBar(
  store: DashStore,
  tmux: Tmux,
  client: string,
): Promise<(() => Promise<void>) | undefined> {
  const bar: PopupBar | undefined = await raiseBar(tmux, client);
  if (!bar) return undefined;
  const write = () => void bar.write(barText(store.getState().counts)).catch(() => undefined);
  write();
  const unsubscribe = store.subscribe(write);
  return async () => {
    unsubscribe();
    await bar.lower();
  };
}
