// Public ids are herdr-shaped so tools written for herdr work against tmux:
//   session $3 ↔ w3, window @7 ↔ w3:t7, pane %31 ↔ w3:p31.
// Exactly these shapes and tmux's raw ids are parsed here; anything else (a name,
// session:window.pane) is matched against a listing (target.ts). A session literally named `w5` must
// therefore be addressed by its raw id: `w5` always means session $5.

export type IdKind = "session" | "window" | "pane";

export interface ParsedId {
  kind: IdKind;
  /** tmux's own id: `$3`, `@7`, `%31`. */
  raw: string;
  /** The session number a public window/pane id carried (informational). */
  session?: number;
}

const RAW = /^([$@%])(\d+)$/;
const PUBLIC = /^w(\d+)(?::([tp])(\d+))?$/;
const SIGIL_KIND: Record<string, IdKind> = { $: "session", "@": "window", "%": "pane" };

/** Parse a raw or public id; undefined for anything tmux must resolve. */
export function parseId(text: string): ParsedId | undefined {
  const raw = RAW.exec(text);
  if (raw) return { kind: SIGIL_KIND[raw[1] as string] as IdKind, raw: text };
  const pub = PUBLIC.exec(text);
  if (!pub) return undefined;
  const session = Number(pub[1]);
  if (!pub[2]) return { kind: "session", raw: `$${session}` };
  const kind: IdKind = pub[2] === "t" ? "window" : "pane";
  return { kind, raw: `${kind === "window" ? "@" : "%"}${pub[3]}`, session };
}

const number = (raw: string) => raw.slice(1);

export const publicSessionId = (sessionId: string) => `w${number(sessionId)}`;
export const publicWindowId = (sessionId: string, windowId: string) =>
  `w${number(sessionId)}:t${number(windowId)}`;
export const publicPaneId = (sessionId: string, paneId: string) => `w${number(sessionId)}:p${number(paneId)}`;
