// `agent start --kind codex -- resume <id>` resumes a conversation the user named: the id is
// read back out of the arguments through the manifest's `resume` template, so the pane's
// record holds it from the start (for `agent get`, a session save, the next resume), before
// any hook or screen says it.

const SESSION_ID = "{session_id}";

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One template word as a matcher: `--resume={session_id}` takes the id from inside the word. */
function wordMatcher(word: string): RegExp {
  return new RegExp(`^${word.split(SESSION_ID).map(escapeRegex).join("(.+)")}$`);
}

/**
 * The session id in `args` (the words after the agent's command) when they hold the
 * template's words after its command, in order and side by side; undefined otherwise, or
 * when the template names no session id.
 */
export function sessionFromArgs(template: string | undefined, args: string[]): string | undefined {
  const words = template?.trim().split(/\s+/).slice(1) ?? [];
  if (!words.some((word) => word.includes(SESSION_ID))) return undefined;
  const matchers = words.map(wordMatcher);
  for (let start = 0; start + matchers.length <= args.length; start++) {
    let id: string | undefined;
    const all = matchers.every((matcher, offset) => {
      const match = matcher.exec(args[start + offset] as string);
      if (match?.[1] !== undefined) id = match[1];
      return match !== null;
    });
    if (all && id) return id;
  }
  return undefined;
}
