// A session's own options (those set on it, not the server's global ones: `mouse`, `status`,
// a status line of its own, user options), saved with it and set again, before its windows
// are made, when it is restored. taw's own marks (@agent_*, @taw_*) are not among them: the
// restore sets those itself.

import { optionValue, target } from "../tmux/escape.ts";

/** The listing of one session's own options, one `name value` line each, in tmux's quoting. */
export const sessionOptionsCommand = (sessionId: string) => ["show-options", "-q", "-t", target(sessionId)];

const NAME = /^@?[A-Za-z0-9_-]+(\[\d+\])?$/;
const TAWS = /^@(agent|taw)_/;

/** A value as show-options quotes it: "…" with backslash escapes, '…', or bare. */
function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1);
  const inner = text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
  return inner.replace(/\\(.)/g, "$1");
}

/** The options in a show-options listing, less taw's own. */
export function parseSessionOptions(listing: string): [string, string][] {
  return listing.split("\n").flatMap((line): [string, string][] => {
    const space = line.indexOf(" ");
    const name = space === -1 ? line : line.slice(0, space);
    if (!NAME.test(name) || TAWS.test(name)) return [];
    return [[name, space === -1 ? "" : unquote(line.slice(space + 1))]];
  });
}

/** The commands that set a restored session's options again. */
export function setSessionOptions(sessionId: string, options: [string, string][]): string[][] {
  return options
    .filter(([name]) => NAME.test(name) && !TAWS.test(name))
    .map(([name, value]) => ["set-option", "-q", "-t", target(sessionId), name, optionValue(value)]);
}
