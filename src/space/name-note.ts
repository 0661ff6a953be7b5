// tmux turns `.` and `:` in a session name into `_` (foldSessionName): a user who typed such a
// name is told the name the session really has, instead of finding it missing later.

/** `session "a:b.c" was created as "a_b_c" …`, or "" when tmux kept the name as asked. */
export function sessionNameNote(asked: string | undefined, given: string, done = "created"): string {
  if (asked === undefined || asked === given) return "";
  return `session "${asked}" was ${done} as "${given}" (tmux turns . and : in session names into _)`;
}

/** The text output with the note after it, when there is one. */
export const withNameNote = (text: string, asked: string | undefined, given: string, done?: string) =>
  [text, sessionNameNote(asked, given, done)].filter(Boolean).join("\n");
