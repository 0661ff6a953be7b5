// Delivering one notification by every switched-on means. Each channel gets the items whose
// agent wants it (per-agent overrides), so a burst collapses per channel.

import type { NotifyConfig, NotifyDeliveries, TerminalNotification } from "../config/types.ts";
import type { Tmux } from "../tmux/client.ts";
import { displayText } from "../tmux/escape.ts";
import { type NoticeText, noticeText } from "./message.ts";
import { playSound } from "./sound.ts";
import { systemNotify } from "./system.ts";
import { sequenceFor, writeToTty } from "./terminal.ts";
import type { ClientNow, NoticeItem } from "./types.ts";

const MS_PER_SECOND = 1000;
const BELL = "\x07";

/** The switches for one agent kind: the [notify] values, then [notify.agents.<kind>]. */
export function deliveriesFor(config: NotifyConfig, kind: string): NotifyDeliveries {
  const { enabled, on_blocked, on_done, tmux_message, terminal, system, sound } = config;
  return { enabled, on_blocked, on_done, tmux_message, terminal, system, sound, ...config.agents[kind] };
}

/** Whether an item is wanted at all (enabled, and this state switched on). */
export function wanted(config: NotifyConfig, item: NoticeItem): boolean {
  const own = deliveriesFor(config, item.pane.kind);
  return own.enabled && (item.state === "blocked" ? own.on_blocked : own.on_done);
}

export interface Delivered {
  /** The whole notification as one line. */
  text: string;
  tmuxMessage: string[];
  terminal: string[];
  system: boolean;
  sound: "played" | "bell" | "none";
}

export async function tmuxMessage(tmux: Tmux, clients: readonly ClientNow[], line: string, seconds: number) {
  if (clients.length === 0) return [];
  const text = displayText(line);
  const duration = String(Math.round(seconds * MS_PER_SECOND));
  const results = await tmux.batch(
    clients.map((client) => ["display-message", "-c", client.name, "-d", duration, text]),
  );
  return clients.filter((_, index) => results[index]?.ok).map((client) => client.name);
}

export function terminalNotice(
  clients: readonly ClientNow[],
  setting: TerminalNotification,
  text: NoticeText,
) {
  return clients
    .filter((client) => {
      const bytes = sequenceFor(client, setting, text.title, text.body);
      return bytes !== undefined && writeToTty(client.tty, bytes);
    })
    .map((client) => client.name);
}

export function sound(file: string, clients: readonly ClientNow[]): Delivered["sound"] {
  if (playSound(file)) return "played";
  for (const client of clients) writeToTty(client.tty, BELL);
  return "bell";
}

/** One text by every channel `own` switches on (`taw notification show`). */
export async function deliverText(
  tmux: Tmux,
  config: NotifyConfig,
  own: NotifyDeliveries,
  text: NoticeText,
  clients: readonly ClientNow[],
): Promise<Delivered> {
  return {
    text: text.line,
    tmuxMessage: own.tmux_message ? await tmuxMessage(tmux, clients, text.line, config.message_seconds) : [],
    terminal: terminalNotice(clients, own.terminal, text),
    system: own.system && systemNotify(text.title, text.body),
    sound: own.sound ? sound(config.sound_file, clients) : "none",
  };
}

/** Whether any of these items wants a system notification. */
export const wantsSystem = (config: NotifyConfig, items: readonly NoticeItem[]) =>
  items.some((item) => deliveriesFor(config, item.pane.kind).system);

/** Items of one burst: each channel says what its own items add up to. */
export async function deliver(
  tmux: Tmux,
  config: NotifyConfig,
  items: readonly NoticeItem[],
  clients: readonly ClientNow[],
  which: (name: string) => string | null = Bun.which,
): Promise<Delivered> {
  const want = (channel: (own: NotifyDeliveries) => boolean) =>
    items.filter((item) => channel(deliveriesFor(config, item.pane.kind)));
  const forMessage = want((own) => own.tmux_message);
  const forTerminal = want((own) => own.terminal !== "off");
  const forSystem = want((own) => own.system);
  const terminalSetting = deliveriesFor(config, forTerminal[0]?.pane.kind ?? "").terminal;
  return {
    text: noticeText(items).line,
    tmuxMessage: forMessage.length
      ? await tmuxMessage(tmux, clients, noticeText(forMessage).line, config.message_seconds)
      : [],
    terminal: forTerminal.length ? terminalNotice(clients, terminalSetting, noticeText(forTerminal)) : [],
    system:
      forSystem.length > 0 && systemNotify(noticeText(forSystem).title, noticeText(forSystem).body, which),
    sound: want((own) => own.sound).length ? sound(config.sound_file, clients) : "none",
  };
}
