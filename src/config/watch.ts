// Reload on change: the engine and the dashboard hold a ConfigWatcher and get the new
// config when the file changes: the config folder is watched (folder-watch.ts: an editor's
// rename is a change of the folder, where a watch on the file's old inode would miss it), with
// a stat per interval behind it. A file with problems keeps the last good config in force;
// the problems go with it, to be shown.

import { statSync } from "node:fs";
import { dirname } from "node:path";
import { configFile } from "../paths.ts";
import { POLL_MS, watchFolders } from "./folder-watch.ts";
import { type LoadedConfig, loadConfig } from "./load.ts";

const CHECK_INTERVAL_MS = POLL_MS;

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
  /** The last config read with no problem (the first one read, whatever it held). */
  private good: LoadedConfig["config"];
  private stopWatch: (() => void) | undefined;

  constructor(
    private readonly onChange: (loaded: LoadedConfig) => void,
    private readonly env: Env = process.env,
    private readonly intervalMs = CHECK_INTERVAL_MS,
  ) {
    this.seen = fingerprint(configFile(env));
    this.current = loadConfig(env);
    this.good = this.current.config;
  }

  start(): this {
    this.stopWatch ??= watchFolders([dirname(configFile(this.env))], () => this.check(), this.intervalMs);
    return this;
  }

  stop(): void {
    this.stopWatch?.();
    this.stopWatch = undefined;
  }

  /** Reload if the file changed since the last look; true when it did. */
  check(): boolean {
    const now = fingerprint(configFile(this.env));
    if (now === this.seen) return false;
    this.seen = now;
    const loaded = loadConfig(this.env);
    if (loaded.problems.length === 0) this.good = loaded.config;
    this.current = { ...loaded, config: this.good };
    this.onChange(this.current);
    return true;
  }
}
