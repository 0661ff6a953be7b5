// What an integration is: the hook or plugin taw writes into one agent's own configuration
// so the agent reports for itself (src/cli/integration.ts lists, installs and removes them).

import { homedir } from "node:os";
import { join } from "node:path";

export type Env = Record<string, string | undefined>;

/** `state`: the hooks report working / blocked / idle and own the pane's state;
 * `session`: they report the conversation only, and the screen still decides the state. */
export type Reports = "state" | "session";

export interface Outcome {
  /** Whether any file was written or removed. */
  changed: boolean;
  /** The files written or removed. */
  files: string[];
  /** Copies of the agent's own files as they were before this edit. */
  backups: string[];
}

export interface Integration {
  id: string;
  name: string;
  reports: Reports;
  /** The agent version the hook format was checked against, and how. */
  checkedAgainst: string;
  /** The files install writes into (the one edited, or the plugin file). */
  files(env: Env): string[];
  installed(env: Env): boolean;
  /** `taw` is the launcher the hook runs (an absolute path). */
  install(env: Env, taw: string): Outcome;
  uninstall(env: Env): Outcome;
}

export const homeOf = (env: Env) => env.HOME || homedir();

/** `$<variable>` when set, else `~/<parts…>` of the (scratch) HOME. */
export const configDirOf = (env: Env, variable: string | undefined, ...parts: string[]) =>
  (variable && env[variable]) || join(homeOf(env), ...parts);

/** `$XDG_CONFIG_HOME/<name>`, else `~/.config/<name>`. */
export const xdgConfigOf = (env: Env, name: string) =>
  join(env.XDG_CONFIG_HOME || join(homeOf(env), ".config"), name);

export const unchanged = (): Outcome => ({ changed: false, files: [], backups: [] });

/** Two edits' outcomes as one. */
export const mergeOutcomes = (a: Outcome, b: Outcome): Outcome => ({
  changed: a.changed || b.changed,
  files: [...a.files, ...b.files],
  backups: [...a.backups, ...b.backups],
});
