// The engine's log: one file per process kind under logDir(), level from TAW_LOG
// (error, warn, info, debug; info by default), rotated to `<name>.1` past a size cap so a
// long-running engine never fills the disk.

import { join } from "node:path";
import { logDir } from "../paths.ts";
import { RotatingFile } from "./rotating.ts";

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
  const threshold = LEVELS.indexOf(parseLevel(env.TAW_LOG));
  const file = new RotatingFile(join(logDir(env), `${name}.log`), LOG_ROTATE_BYTES);
  const write = (level: LogLevel, message: string) => {
    if (LEVELS.indexOf(level) > threshold) return;
    try {
      file.append(`${new Date().toISOString()} ${level.toUpperCase()} [${process.pid}] ${message}\n`);
    } catch {
      // A log line that cannot be written is dropped: logging never stops the engine.
    }
  };
  return {
    error: (message) => write("error", message),
    warn: (message) => write("warn", message),
    info: (message) => write("info", message),
    debug: (message) => write("debug", message),
  };
}

export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };
