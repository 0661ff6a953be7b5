// Terminal notifications: an OSC sequence written straight to a tmux client's terminal
// (its tty), so the terminal emulator raises its own notification. A client that runs inside
// another tmux gets the sequence wrapped in tmux's DCS passthrough.

import { closeSync, constants, openSync, writeSync } from "node:fs";
import type { TerminalNotification } from "../config/types.ts";
import type { ClientNow } from "./types.ts";

const ESC = "\x1b";
const BEL = "\x07";
const ST = `${ESC}\\`;

/** Control characters would end the sequence early; `;` separates OSC 777's fields. */
const clean = (text: string) =>
  [...text].map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? " " : char)).join("");

export type OscKind = Exclude<TerminalNotification, "auto" | "off">;

/** The sequence each terminal understands best, from the client's TERM. */
export function pickOsc(setting: TerminalNotification, termname: string): OscKind | undefined {
  if (setting === "off") return undefined;
  if (setting !== "auto") return setting;
  if (/kitty/.test(termname)) return "osc99";
  if (/^(foot|rxvt|urxvt)/.test(termname)) return "osc777";
  return "osc9";
}

export function oscSequence(kind: OscKind, title: string, body: string): string {
  switch (kind) {
    case "osc9":
      return `${ESC}]9;${clean(body ? `${title}: ${body}` : title)}${BEL}`;
    case "osc777":
      return `${ESC}]777;notify;${clean(title).replaceAll(";", ",")};${clean(body)}${BEL}`;
    case "osc99":
      // kitty: the title (d=0: more to come), then the body completing notification 1.
      return `${ESC}]99;i=taw:d=0;${clean(title)}${ST}${ESC}]99;i=taw:d=1:p=body;${clean(body)}${ST}`;
  }
}

/** A client whose own terminal is tmux (nested) needs the passthrough wrapper. */
export function insideTmux(termname: string): boolean {
  return /^(tmux|screen)/.test(termname);
}

/** tmux's passthrough: DCS tmux; <sequence with every ESC doubled> ST. */
export function passthrough(sequence: string): string {
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ST}`;
}

export function sequenceFor(client: ClientNow, setting: TerminalNotification, title: string, body: string) {
  const kind = pickOsc(setting, client.termname);
  if (!kind) return undefined;
  const sequence = oscSequence(kind, title, body);
  return insideTmux(client.termname) ? passthrough(sequence) : sequence;
}

/** Write raw bytes to a client's terminal; a tty that went away is not an error. */
export function writeToTty(tty: string, bytes: string): boolean {
  if (!tty.startsWith("/dev/")) return false;
  let fd: number | undefined;
  try {
    // O_NOCTTY: never adopt the client's terminal as ours; O_NONBLOCK: a stuck one is skipped.
    fd = openSync(tty, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK);
    writeSync(fd, bytes);
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
