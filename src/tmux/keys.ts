// tmux's key names, read as send-keys reads them (key_string_lookup_string in tmux's
// key-string.c, 3.2 to 3.6). send-keys types a word it cannot read as a key as literal
// text, so a mistyped `Entr` would reach the pane as four letters: every word is checked
// here before any is sent. Names tmux reads but no pane receives (None, Any, UserN, the
// mouse keys, which send-keys types out without a mouse event) are refused too.

import { EXIT, TawError } from "../errors.ts";
import { atLeast, installedVersion, type TmuxVersion } from "./version.ts";

const NAMED = [
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
  ...["IC", "Insert", "DC", "Delete", "Home", "End", "NPage", "PageDown", "PgDn", "PPage", "PageUp", "PgUp"],
  ...["Tab", "BTab", "Space", "BSpace", "Enter", "Escape", "Up", "Down", "Left", "Right"],
  ...["KP/", "KP*", "KP-", "KP+", "KP.", "KPEnter", ...Array.from({ length: 10 }, (_, i) => `KP${i}`)],
];
/** The C0 names tmux 3.5 added ([NUL] … [US], Tab, Enter and Escape aside). */
const C0_NAMES =
  "NUL SOH STX ETX EOT ENQ ASC BEL BS LF VT FF SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB FS GS RS US"
    .split(" ")
    .map((name) => `[${name}]`);
const lower = (names: string[]) => new Set(names.map((name) => name.toLowerCase()));
const NAMED_LOWER = lower(NAMED);
const C0_LOWER = lower(C0_NAMES);
/** The table keys below 128, for tmux's control-key conversion. */
const TABLE_CODES: Record<string, number> = { tab: 9, enter: 13, escape: 27, space: 32 };

/** What a character key with Ctrl becomes before tmux 3.5: these stay as they are… */
const CTRL_KEPT_32 = "!#()+,-.0123456789:;<=>'\r\t\x7f";
const CTRL_KEPT_33 = `${CTRL_KEPT_32}\`/\x1b`;

/** …and letters, @ to _, space and ? become control codes; anything else is no key. */
function ctrlReadable(code: number, version: TmuxVersion): boolean {
  if (atLeast(version, 3, 5)) return true;
  const kept = atLeast(version, 3, 3) ? CTRL_KEPT_33 : CTRL_KEPT_32;
  if (kept.includes(String.fromCharCode(code))) return true;
  return (code >= 97 && code <= 122) || (code >= 64 && code <= 95) || code === 32 || code === 63;
}

/** A code point tmux can send as one key: not a control code, surrogate or unassigned. */
const printable = (codePoint: number) =>
  codePoint <= 0x10ffff && !/[\p{Cc}\p{Cs}\p{Cn}]/u.test(String.fromCodePoint(codePoint));

function hexKey(digits: string): boolean {
  if (!/^[0-9a-fA-F]+$/.test(digits)) return false;
  const value = Number.parseInt(digits, 16);
  return (value > 0 && value < 32) || value === 0x7f || printable(value);
}

/** Whether tmux `version` reads `name` as a key a pane receives. */
export function isTmuxKey(name: string, version: TmuxVersion): boolean {
  if (name.startsWith("0x")) return hexKey(name.slice(2));
  let rest = name;
  let ctrl = false;
  if (rest.startsWith("^") && rest.length > 1) {
    // tmux 3.5 reads `^` and one byte as that byte with Ctrl, with no conversion.
    const byte = rest.charCodeAt(1);
    if (rest.length === 2 && byte < 128 && atLeast(version, 3, 5)) return byte >= 32;
    ctrl = true;
    rest = rest.slice(1);
  }
  while (rest.length > 1 && rest[1] === "-") {
    if (!"CcMmSs".includes(rest[0] as string)) return false;
    if ("Cc".includes(rest[0] as string)) ctrl = true;
    rest = rest.slice(2);
  }
  if (rest === "") return false;
  const chars = [...rest];
  let code: number;
  if (chars.length === 1) {
    code = rest.codePointAt(0) as number;
    // A character past ASCII is a key of its own, with no control conversion.
    if (code > 127) return printable(code);
    if (code < 32) return false;
  } else {
    const key = rest.toLowerCase();
    if (C0_LOWER.has(key)) return atLeast(version, 3, 5);
    if (!NAMED_LOWER.has(key)) return false;
    code = TABLE_CODES[key] ?? 128;
  }
  return !ctrl || code > 127 || ctrlReadable(code, version);
}

/** Refuses, with TawError `invalid_key` (a usage error), every name in `names` that the
 * installed tmux would type as text; `literal` says how to send text instead. */
export async function checkKeys(names: string[], literal: string): Promise<void> {
  const version = await installedVersion();
  const unknown = names.filter((name) => !isTmuxKey(name, version));
  if (unknown.length === 0) return;
  throw new TawError(
    "invalid_key",
    `not a tmux key name: ${unknown.map((name) => `'${name}'`).join(", ")} (nothing was sent). ` +
      `Key names are Enter, Escape, Tab, BSpace, Space, Up, Down, Left, Right, Home, End, PageUp, PageDown, ` +
      `IC, DC, BTab, F1…F12, KP0…KP9, one character, 0x<hex>, each with C-, M-, S- before it (C-c, M-Left). ${literal}`,
    EXIT.usage,
  );
}
