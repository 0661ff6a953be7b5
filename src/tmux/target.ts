// What a user typed to name a pane, window or session, matched exactly against one listing:
// a public id (w1:p4), a tmux id (%4), an agent's name (bare or `@name`), or
// `session[:window[.pane]]` with the session's exact name (tmux's `=name` allowed), the
// window's index or exact name, and the pane's index. Nothing is handed to tmux to guess:
// tmux reads `work:typo` as the session's current pane, and `agent kill` once closed it.

import { type IdKind, parseId } from "./ids.ts";
import type { Pane, Session, Snapshot, Window } from "./snapshot.ts";

interface Place {
  session: Session;
  window?: Window;
  pane?: Pane;
}

const activeOf = <T extends { active: boolean }>(items: T[]): T | undefined =>
  items.find((item) => item.active) ?? items[0];

/** The tmux id of the `kind` that `text` names; a session or window where a pane is wanted
 * means its active pane, as tmux reads targets. Undefined when nothing matches exactly. */
export function locate(snapshot: Snapshot, text: string, kind: IdKind): string | undefined {
  const place = placeOf(snapshot, text);
  if (!place) return undefined;
  if (kind === "session") return place.session.id;
  const window = place.window ?? activeOf(place.session.windows);
  if (kind === "window") return window?.id;
  return (place.pane ?? (window ? activeOf(window.panes) : undefined))?.id;
}

function placeOf(snapshot: Snapshot, text: string): Place | undefined {
  const parsed = parseId(text);
  if (parsed) return placeOfId(snapshot, parsed.raw, parsed.kind);
  const named = agentNamed(snapshot, text.startsWith("@") ? text.slice(1) : text);
  return named ? placeOfId(snapshot, named.id, "pane") : placeOfPath(snapshot, text);
}

/** An agent's name wins over a session of the same name. */
function agentNamed(snapshot: Snapshot, name: string): Pane | undefined {
  if (name === "") return undefined;
  for (const pane of snapshot.panes.values()) {
    if (pane.agent.name === name && !pane.dead) return pane;
  }
  return undefined;
}

function placeOfId(snapshot: Snapshot, raw: string, kind: IdKind): Place | undefined {
  for (const session of snapshot.sessions) {
    if (kind === "session" && session.id === raw) return { session };
    for (const window of session.windows) {
      if (kind === "window" && window.id === raw) return { session, window };
      const pane = kind === "pane" ? window.panes.find((p) => p.id === raw) : undefined;
      if (pane) return { session, window, pane };
    }
  }
  return undefined;
}

/** `session`, `session:`, `session:window`, `session:window.pane`. */
function placeOfPath(snapshot: Snapshot, text: string): Place | undefined {
  const colon = text.indexOf(":");
  const sessionName = (colon < 0 ? text : text.slice(0, colon)).replace(/^=/, "");
  const session = snapshot.sessions.find((s) => s.name === sessionName);
  if (!session) return undefined;
  const rest = colon < 0 ? "" : text.slice(colon + 1);
  if (rest === "") return { session };
  const dotted = /^(.*)\.(\d+)$/.exec(rest);
  if (dotted) {
    const window = dotted[1] === "" ? activeOf(session.windows) : windowIn(session, dotted[1] as string);
    const pane = window?.panes.find((p) => p.index === Number(dotted[2]));
    if (window && pane) return { session, window, pane };
  }
  // A window named with a dot (`v1.2`) is a window, not a pane index.
  const window = windowIn(session, rest);
  return window ? { session, window } : undefined;
}

/** By index, else by exact name when exactly one window has it. */
function windowIn(session: Session, text: string): Window | undefined {
  if (/^\d+$/.test(text)) {
    const byIndex = session.windows.find((w) => w.index === Number(text));
    if (byIndex) return byIndex;
  }
  const named = session.windows.filter((w) => w.name === text);
  return named.length === 1 ? named[0] : undefined;
}
