// The words of a notification: one agent by name and place, or a burst collapsed into counts.

import type { NoticeItem } from "./types.ts";

export interface NoticeText {
  title: string;
  body: string;
  /** The one line a status-line message shows. */
  line: string;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The agent as its row names it: the name given it, else its display name, else its kind. */
function label(item: NoticeItem): string {
  const agent = item.pane.name || item.pane.display || item.pane.kind || "an agent";
  return item.pane.host ? `${agent} @${item.pane.host}` : agent;
}

/** What it asks, cut to a line a notification shows whole. */
function asks(item: NoticeItem): string {
  const text = (item.ask ?? "").replace(/\s+/g, " ").trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function place(item: NoticeItem): string {
  return `${item.pane.session}:${item.pane.windowIndex}`;
}

export function noticeText(items: readonly NoticeItem[]): NoticeText {
  const blocked = items.filter((item) => item.state === "blocked");
  const done = items.filter((item) => item.state === "done");
  const [only] = items;
  if (items.length === 1 && only) {
    const what = only.state === "blocked" ? "needs you" : "finished";
    const title = `${label(only)} ${what}`;
    const asked = only.state === "blocked" ? asks(only) : "";
    if (asked)
      return {
        title,
        body: `asks: ${asked} (in ${place(only)})`,
        line: `taw: ${title} in ${place(only)}: ${asked}`,
      };
    return { title, body: `in ${place(only)}`, line: `taw: ${title} in ${place(only)}` };
  }
  const parts: string[] = [];
  if (blocked.length > 0)
    parts.push(`${blocked.length} ${plural(blocked.length, "agent needs", "agents need")} you`);
  if (done.length > 0) {
    const subject =
      blocked.length > 0 ? `${done.length}` : `${done.length} ${plural(done.length, "agent", "agents")}`;
    parts.push(`${subject} finished`);
  }
  const title = parts.join(", ");
  const body = items.map((item) => `${label(item)} (${place(item)})`).join(", ");
  return { title, body, line: `taw: ${title}: ${body}` };
}
