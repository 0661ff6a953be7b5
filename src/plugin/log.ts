// Each plugin command's run, one JSON line in the plugin's state folder: what ran, why, how
// it ended and the start of its output (herdr's `plugin log list`).

import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pluginStateDir, readRegistry } from "./registry.ts";

type Env = Record<string, string | undefined>;

/** Output kept per stream: enough to see what went wrong. */
export const OUTPUT_CAP = 4096;

export interface LogEntry {
  at: string;
  plugin_id: string;
  /** `action`, `event`, `startup`, `pane`. */
  kind: string;
  /** The action or pane id, or the event name. */
  name: string;
  command: string[];
  exit_code: number | null;
  /** Ended by taw after its time was up. */
  timed_out: boolean;
  duration_ms: number;
  stdout: string;
  stderr: string;
}

/** How a run ended, in one line: its output's first line, or why it failed. */
export function runOutcome(label: string, entry: LogEntry): { text: string; failed: boolean } {
  const first = (text: string) => text.trim().split("\n")[0] ?? "";
  if (entry.timed_out) return { text: `${label} ran too long and was stopped`, failed: true };
  if (entry.exit_code !== 0)
    return { text: `${label} exited ${entry.exit_code}: ${first(entry.stderr)}`, failed: true };
  return { text: `${label}: ${first(entry.stdout) || "done"}`, failed: false };
}

const logFile = (id: string, env: Env) => join(pluginStateDir(id, env), "log.jsonl");

export function appendLog(entry: LogEntry, env: Env = process.env): void {
  mkdirSync(pluginStateDir(entry.plugin_id, env), { recursive: true });
  appendFileSync(logFile(entry.plugin_id, env), `${JSON.stringify(entry)}\n`);
}

/** The newest `limit` entries, oldest first; a line that is not JSON is skipped. */
export function readLog(id: string, limit = 50, env: Env = process.env): LogEntry[] {
  const file = logFile(id, env);
  if (!existsSync(file)) return [];
  const entries: LogEntry[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line) continue;
    try {
      entries.push(JSON.parse(line) as LogEntry);
    } catch {
      // a torn last line from a crash: skipped
    }
  }
  return entries.slice(-limit);
}

/** The newest `limit` entries of every registered plugin, oldest first (herdr's `plugin log
 * list` without `--plugin`). */
export function readAllLogs(limit = 50, env: Env = process.env): LogEntry[] {
  const entries = readRegistry(env).flatMap((plugin) => readLog(plugin.id, limit, env));
  return entries.sort((a, b) => a.at.localeCompare(b.at)).slice(-limit);
}
