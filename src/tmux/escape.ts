// The one place where text bound for tmux is made safe. Every command that carries
// text a user, an agent or a hook controls builds its words here.
//
// What tmux does to a word (verified on tmux 3.3a, see e2e/gotchas.test.ts):
// - a word that ends in `;` ends the command, wherever it stands: write it `\;`;
// - names of new sessions and windows, start directories (-c) and the text of
//   display-message / status options expand formats: `#` must be `##`;
// - display-message and notification text also runs through strftime: `%` must be `%%`;
// - targets (-t) are not expanded, but the trailing `;` rule still applies;
// - tmux folds `.` and `:` in a new session name to `_`.

/** Escape a trailing `;` so tmux does not read it as a command separator. */
export function word(text: string): string {
  return text.endsWith(";") ? `${text.slice(0, -1)}\\;` : text;
}

/** Text that tmux expands as a format: `#` becomes `##`. */
export function formatLiteral(text: string): string {
  return text.replaceAll("#", "##");
}

/** Text shown by display-message or written into a status line: formats and strftime. */
export function displayText(text: string): string {
  return word(formatLiteral(text).replaceAll("%", "%%"));
}

/** The name given to a new (or renamed) session or window. */
export function newName(name: string): string {
  return word(formatLiteral(name));
}

/** A start directory for new-session/new-window/split-window -c. */
export function startDirectory(path: string): string {
  return word(formatLiteral(path));
}

/** A -t target: never expanded, only the trailing `;` matters. */
export function target(t: string): string {
  return word(t);
}

/** A value for set-option (not -F): stored as is, apart from the trailing `;`. */
export function optionValue(value: string): string {
  return word(value);
}

/** Text for `send-keys -l`: typed literally, apart from the trailing `;`. */
export function literalKeys(text: string): string {
  return word(text);
}

/** Single quotes, with `'` written `'\\''`: one word for sh, and for tmux's command parser,
 * which reads quotes the same way (run-shell, if-shell and key-binding command strings). */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One word for sh: left bare when nothing in it is special, else in single quotes. */
export function shellWord(word: string): string {
  return SAFE_WORD.test(word) ? word : shellQuote(word);
}

/** A command line for sh that runs `argv` as given: what is typed at a prompt or kept to be. */
export const shellLine = (argv: string[]) => argv.map(shellWord).join(" ");

/** A string tmux's command parser reads back as one word (the command a hook or binding
 * runs): double quotes, with `\`, `"` and `$` (environment expansion) escaped. */
export function tmuxQuote(text: string): string {
  return `"${text.replace(/[\\"$]/g, "\\$&")}"`;
}

/** A command as one line for a control-mode client (control.ts), from the words the spawn
 * path would pass as argv: each word double-quoted for tmux's parser, a trailing `\;`
 * (argv's escape, see word()) back to `;`, and control characters as escapes, since a raw
 * newline would end the line. */
export function controlLine(words: string[]): string {
  return words.map((text) => controlWord(text.endsWith("\\;") ? `${text.slice(0, -2)};` : text)).join(" ");
}

const CONTROL_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const controlWord = (text: string) => [...tmuxQuote(text)].map(escapeControl).join("");

function escapeControl(char: string): string {
  const code = char.charCodeAt(0);
  if (code >= 0x20 && code !== 0x7f) return char;
  return CONTROL_ESCAPES[char] ?? `\\${code.toString(8).padStart(3, "0")}`;
}
/** The name tmux gives a session asked for as `name`: `.` and `:` fold to `_`. */
export function foldSessionName(name: string): string {
  return name.replace(/[.:]/g, "_");
}

/** A literal tab and newline inside a bracket expression: tmux 3.3a's regex does not read `\t`. */
const DETAB = "#{s/[\t\n]/ /:";

/** A format column for free text (titles, names, paths, user options): tabs and newlines become
 * spaces so a tab-separated listing stays positional. */
export function freeTextColumn(variable: string): string {
  return `${DETAB}${variable}}`;
}
