// The engine's log: one file per process kind under logDir(), level from TAW_LOG
// (error, warn, info, debug; info by default), rotated to `<name>.1` past a size cap so a
// long-running engine never fills the disk.

import { appendFileSync, mkdirSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { logDir } from "../paths.ts";

export const LOG_ROTATE_BYTES = 1024 * 1024;
const LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LEVELS)[number];
const DEFAULT_LEVEL: LogLevel = "info";

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

export function parseLevel(text: string | undefined): LogLevel {
  const wanted = (text ?? "").trim().toLowerCase();
  return (LEVELS as readonly string[]).includes(wanted) ? (wanted as LogLevel) : DEFAULT_LEVEL;
}

/** A logger that appends to `<logDir>/<name>.log`; a write that fails is dropped, never thrown. */
export function fileLogger(name: string, env: Record<string, string | undefined> = process.env): Logger {
  const dir = logDir(env);
  const path = join(dir, `${name}.log`);
  const threshold = LEVELS.indexOf(parseLevel(env.TAW_LOG));
  let bytes = -1;
  const write = (level: LogLevel, message: string) => {
    if (LEVELS.indexOf(level) > threshold) return;
    const line = `${new Date().toISOString()} ${level.toUpperCase()} [${process.pid}] ${message}\n`;
    try {
      if (bytes < 0) {
        mkdirSync(dir, { recursive: true });
        bytes = sizeOf(path);
      }
      if (bytes + line.length > LOG_ROTATE_BYTES) {
        renameSync(path, `${path}.1`);
        bytes = 0;
      }
      appendFileSync(path, line);
      bytes += Buffer.byteLength(line);
    } catch {
      bytes = -1;
    }
  };
  return {
    error: (message) => write("error", message),
    warn: (message) => write("warn", message),
    info: (message) => write("info", message),
    debug: (message) => write("debug", message),
  };
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };
