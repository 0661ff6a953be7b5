// Reload on change: the engine and the dashboard hold a ConfigWatcher and get the new
// config when the file changes. A stat per interval (no fs.watch: editors replace files by
// rename, which inotify watches on the old inode miss).

import { statSync } from "node:fs";
import { configFile } from "../paths.ts";
import { type LoadedConfig, loadConfig } from "./load.ts";

const CHECK_INTERVAL_MS = 1000;

type Env = Record<string, string | undefined>;

function fingerprint(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return "missing";
  }
}

export class ConfigWatcher {
  current: LoadedConfig;
  private seen: string;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly onChange: (loaded: LoadedConfig) => void,
    private readonly env: Env = process.env,
    private readonly intervalMs = CHECK_INTERVAL_MS,
  ) {
    this.seen = fingerprint(configFile(env));
    this.current = loadConfig(env);
  }

  start(): this {
    this.timer ??= setInterval(() => this.check(), this.intervalMs);
    this.timer.unref?.();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reload if the file changed since the last look; true when it did. */
  check(): boolean {
    const now = fingerprint(configFile(this.env));
    if (now === this.seen) return false;
    this.seen = now;
    this.current = loadConfig(this.env);
    this.onChange(this.current);
    return true;
  }
}
