// What each blocked agent of a notification asks: the words its hook reported, else the
// prompt on its screen read by its manifest (one tmux process for all of them). Only when a
// notification is due, never on the engine's tick.

import { PromptReader } from "../inbox/read.ts";
import type { Tmux } from "../tmux/client.ts";
import type { NoticeItem } from "./types.ts";

let reader: PromptReader | undefined;

export async function withAsks(tmux: Tmux, items: NoticeItem[]): Promise<NoticeItem[]> {
  const unread = items.filter((item) => item.state === "blocked" && !item.pane.message);
  reader ??= new PromptReader();
  const reads = await reader
    .readAll(
      tmux,
      unread.map((item) => ({ paneId: item.pane.id, kind: item.pane.kind })),
    )
    .catch(() => new Map());
  return items.map((item) => {
    if (item.state !== "blocked") return item;
    const prompt = reads.get(item.pane.id)?.prompt;
    const ask = item.pane.message || prompt?.ask || prompt?.tool || "";
    return ask ? { ...item, ask } : item;
  });
}
