// User manifests reload live: an edit in the user's manifest folder reaches the engine and
// every watcher worker within a second (src/config/folder-watch.ts), and so does a manifest
// `taw manifest update` stores in the state folder. A user manifest that no
// longer loads keeps its last good version in force (not the shipped one it replaced), and
// the error is logged and handed on to be shown.

import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { watchFolders } from "../config/folder-watch.ts";
import { loadManifests, type Manifest, type ManifestSet, manifestSet } from "../detect/manifest.ts";
import { remoteManifestDir, userManifestDir } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import type { Logger } from "./log.ts";
import { formatManifestError, MANIFEST_ERROR_OPTION, manifestProblem } from "./manifest-problem.ts";

type Env = Record<string, string | undefined>;

/** Sizes, mtimes and inodes of the folder's files: what changes when one is edited. */
function fingerprint(dir: string): string {
  try {
    return readdirSync(dir)
      .sort()
      .map((name) => {
        const stat = statSync(join(dir, name));
        return `${name}:${stat.size}:${stat.mtimeMs}:${stat.ino}`;
      })
      .join("\n");
  } catch {
    return "missing";
  }
}

export class ManifestReloader {
  current: ManifestSet;
  private seen: string;
  /** The last good version of each user manifest, by id. */
  private readonly good = new Map<string, Manifest>();
  private readonly dir: string;
  private readonly remoteDir: string;

  constructor(
    /** Told of each reload. */
    public onChange: (set: ManifestSet) => void = () => {},
    env: Env = process.env,
    private readonly shippedDir?: string,
  ) {
    this.dir = userManifestDir(env);
    this.remoteDir = remoteManifestDir(env);
    this.seen = this.fingerprint();
    this.current = this.load();
  }

  /** Watch the folder (and the config folder, where it may be made); returns the stop. */
  start(): () => void {
    return watchFolders([this.dir, dirname(this.dir), this.remoteDir], () => this.check());
  }

  private fingerprint(): string {
    return `${fingerprint(this.dir)}\n--\n${fingerprint(this.remoteDir)}`;
  }

  /** Reload if the folder changed since the last look; true when it did. */
  check(): boolean {
    const now = this.fingerprint();
    if (now === this.seen) return false;
    this.seen = now;
    this.current = this.load();
    this.onChange(this.current);
    return true;
  }

  private load(): ManifestSet {
    const loaded = loadManifests({
      userDir: this.dir,
      shippedDir: this.shippedDir,
      remoteDir: this.remoteDir,
    });
    const byId = new Map(loaded.all().map((manifest) => [manifest.id, manifest]));
    for (const manifest of loaded.all())
      if (manifest.file.startsWith(this.dir)) this.good.set(manifest.id, manifest);
    // A user file that fails now: its last good version stays in force.
    for (const error of loaded.errors) {
      if (!error.file.startsWith(this.dir)) continue;
      const kept = this.good.get(basename(error.file, ".toml"));
      if (kept) byId.set(kept.id, kept);
    }
    // A user file removed: forgotten (the shipped one, if any, is what loaded).
    const userFiles = fingerprint(this.dir);
    for (const [id, manifest] of this.good)
      if (!fingerprintHas(userFiles, basename(manifest.file))) this.good.delete(id);
    return manifestSet([...byId.values()], loaded.errors);
  }
}

const fingerprintHas = (print: string, name: string) =>
  print.split("\n").some((line) => line.startsWith(`${name}:`));

/** Reload `engine`'s manifests as the user's folder changes; returns the stop. */
export function attachManifestReload(
  engine: { setManifests(set: ManifestSet): void },
  reloader: ManifestReloader,
  tmux: Tmux,
  log: Logger,
): () => void {
  const show = (set: ManifestSet) => {
    const problem = manifestProblem(set);
    void tmux.tryRun(
      problem
        ? ["set-option", "-g", MANIFEST_ERROR_OPTION, problem]
        : ["set-option", "-gu", MANIFEST_ERROR_OPTION],
    );
  };
  reloader.onChange = (set) => {
    engine.setManifests(set);
    log.info(`manifests reloaded (${set.all().length} loaded, ${set.errors.length} error(s))`);
    for (const error of set.errors)
      log.warn(`manifest not loaded, the last good one kept: ${formatManifestError(error)}`);
    show(set);
  };
  show(reloader.current);
  return reloader.start();
}
