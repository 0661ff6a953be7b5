// The saved form of one tmux session: what `taw session save` writes and `restore` reads.
// A file that is not this shape, or says it was written by a newer taw, is refused whole.

import { EXIT, TawError } from "../errors.ts";

/** Bumped when a field changes meaning; a file with a higher version is left to that taw. */
export const FORMAT_VERSION = 1;

export interface SavedAgent {
  kind: string;
  name: string;
  session_id: string;
  session_path: string;
  /** The typed line that resumes the conversation (@agent_resume_argv). */
  resume_argv: string;
  /** Claude's flags for how its session runs (@agent_claude_flags), as words. */
  claude_flags: string[];
  /** A sandbox profile or container runtime: such a session is never typed outside it. */
  sandbox: string;
  container: string;
}

export interface SavedPane {
  index: number;
  cwd: string;
  title: string;
  /** The program in front when it was saved: a record, nothing runs it again… */
  command: string;
  /** …unless it is on [sessions] restore_programs: its exact command line, run again. */
  program?: string[];
  active: boolean;
  agent?: SavedAgent;
}

export interface SavedWindow {
  index: number;
  name: string;
  /** tmux named it after its program (automatic-rename): a restore lets it do so again. */
  auto_name: boolean;
  /** tmux's layout string (`#{window_layout}`, the unzoomed layout). */
  layout: string;
  width: number;
  height: number;
  active: boolean;
  zoomed: boolean;
  panes: SavedPane[];
}

export interface SavedSession {
  version: number;
  /** ISO time of the save. */
  saved_at: string;
  server: string;
  name: string;
  /** The session's own folder (`#{session_path}`): where a pane whose folder is gone opens. */
  path: string;
  /** Names the live session this file was saved from (@agent_save_token on it): autosave
   * writes over a file only from that session, never from another of the same name. */
  token?: string;
  /** The session's space label (@taw_space), when it had one. */
  space?: string;
  /** tmux's history-limit its panes had: a restored pane keeps as many lines. */
  history_limit?: number;
  /** The options set on the session itself (not the global ones), as [name, value]. */
  options?: [string, string][];
  windows: SavedWindow[];
}

/** Why a file cannot be used: it is moved aside rather than read again. */
export class UnusableFile extends TawError {
  constructor(message: string) {
    super("session_file_unusable", message, EXIT.failure);
  }
}

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === "string";
const isNumber: Check = (v) => typeof v === "number" && Number.isFinite(v);
const isBool: Check = (v) => typeof v === "boolean";
const isStrings: Check = (v) => Array.isArray(v) && v.every(isString);

function fields(value: unknown, spec: Record<string, Check>, where: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new UnusableFile(`${where} is not an object`);
  const record = value as Record<string, unknown>;
  for (const [key, check] of Object.entries(spec))
    if (!check(record[key])) throw new UnusableFile(`${where}.${key} is missing or of the wrong type`);
  return record;
}

const AGENT: Record<string, Check> = {
  kind: isString,
  name: isString,
  session_id: isString,
  session_path: isString,
  resume_argv: isString,
  claude_flags: isStrings,
  sandbox: isString,
  container: isString,
};
const PANE = { index: isNumber, cwd: isString, title: isString, command: isString, active: isBool };
const WINDOW = {
  index: isNumber,
  name: isString,
  auto_name: isBool,
  layout: isString,
  width: isNumber,
  height: isNumber,
  active: isBool,
  zoomed: isBool,
};
const SESSION = { saved_at: isString, server: isString, name: isString, path: isString };

/** The session a file's text holds; an UnusableFile error says what is wrong with it. */
export function parseSaved(text: string): SavedSession {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new UnusableFile(`not valid JSON (${(error as Error).message})`);
  }
  const version = (raw as { version?: unknown } | null)?.version;
  if (!isNumber(version)) throw new UnusableFile("it has no format version");
  if ((version as number) > FORMAT_VERSION)
    throw new UnusableFile(
      `it was written by a newer taw (format ${version}; this taw reads ${FORMAT_VERSION})`,
    );
  const session = fields(raw, SESSION, "session");
  if (session.token !== undefined && !isString(session.token))
    throw new UnusableFile("session.token is not a string");
  if (session.space !== undefined && !isString(session.space))
    throw new UnusableFile("session.space is not a string");
  if (session.history_limit !== undefined && !isNumber(session.history_limit))
    throw new UnusableFile("session.history_limit is not a number");
  if (
    session.options !== undefined &&
    !(Array.isArray(session.options) && session.options.every((pair) => isStrings(pair) && pair.length === 2))
  )
    throw new UnusableFile("session.options is not a list of [name, value] pairs");
  if (!Array.isArray(session.windows) || session.windows.length === 0)
    throw new UnusableFile("session.windows is missing or empty");
  session.windows.forEach((window: unknown, w: number) => {
    const record = fields(window, WINDOW, `windows[${w}]`);
    if (!Array.isArray(record.panes) || record.panes.length === 0)
      throw new UnusableFile(`windows[${w}].panes is missing or empty`);
    record.panes.forEach((pane: unknown, p: number) => {
      const paneRecord = fields(pane, PANE, `windows[${w}].panes[${p}]`);
      if (paneRecord.program !== undefined && !isStrings(paneRecord.program))
        throw new UnusableFile(`windows[${w}].panes[${p}].program is not a list of strings`);
      if (paneRecord.agent !== undefined) fields(paneRecord.agent, AGENT, `windows[${w}].panes[${p}].agent`);
    });
  });
  return raw as SavedSession;
}
