// Where taw keeps files. TAW_CONFIG_DIR / TAW_STATE_DIR override the XDG defaults, which
// is how tests keep a scratch home.

import { homedir } from "node:os";
import { join } from "node:path";
import { PACKAGE_ROOT } from "./runtime.ts";

type Env = Record<string, string | undefined>;

/** This install's `taw` launcher, for commands tmux runs later (hooks, the pip's viewer). */
export const TAW_BIN = join(PACKAGE_ROOT, "bin", "taw");

const home = (env: Env) => env.HOME || homedir();

/** `$TAW_CONFIG_DIR`, else `$XDG_CONFIG_HOME/taw`, else `~/.config/taw`. */
export function configDir(env: Env = process.env): string {
  return env.TAW_CONFIG_DIR || join(env.XDG_CONFIG_HOME || join(home(env), ".config"), "taw");
}

/** `$TAW_STATE_DIR`, else `$XDG_STATE_HOME/taw`, else `~/.local/state/taw`. */
export function stateDir(env: Env = process.env): string {
  return env.TAW_STATE_DIR || join(env.XDG_STATE_HOME || join(home(env), ".local", "state"), "taw");
}

export const configFile = (env: Env = process.env) => join(configDir(env), "config.toml");
export const userManifestDir = (env: Env = process.env) => join(configDir(env), "manifests");
export const logDir = (env: Env = process.env) => join(stateDir(env), "logs");
/** Manifests `taw manifest update` fetched (src/manifest-update); the loader reads them. */
export const remoteManifestDir = (env: Env = process.env) => join(stateDir(env), "manifests", "remote");
