// tmux's version and the features that depend on it. taw needs 3.2 (display-popup -E,
// the format modifiers it lists panes with); newer features are gated, never assumed.

import { EXIT, TawError } from "../errors.ts";

export interface TmuxVersion {
  major: number;
  minor: number;
  /** As tmux printed it: `3.3a`, `next-3.6`, `master`. */
  text: string;
}

export const MINIMUM = { major: 3, minor: 2 };

/** Parse `tmux -V` output; a development build (`master`) counts as very new. */
export function parseVersion(output: string): TmuxVersion | undefined {
  const text = output.trim().replace(/^tmux\s+/, "");
  if (/^master$/.test(text)) return { major: 99, minor: 0, text };
  const match = /(\d+)\.(\d+)/.exec(text);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), text };
}

export function atLeast(version: TmuxVersion, major: number, minor: number): boolean {
  return version.major > major || (version.major === major && version.minor >= minor);
}

export function checkSupported(version: TmuxVersion): void {
  if (!atLeast(version, MINIMUM.major, MINIMUM.minor)) {
    throw new TawError(
      "tmux_too_old",
      `tmux ${version.text} is too old: taw needs tmux ${MINIMUM.major}.${MINIMUM.minor} or newer. Upgrade tmux.`,
      EXIT.tmux,
    );
  }
}

/** Features that appeared after the minimum. */
export const features = (version: TmuxVersion) => ({
  /** display-popup -b (border style) and -T (title). */
  popupBorderAndTitle: atLeast(version, 3, 3),
  /** The client-focus-in / client-focus-out hooks. */
  clientFocusHooks: atLeast(version, 3, 6),
});

let installed: Promise<TmuxVersion> | undefined;

/** The installed tmux's version, read once per process: a verb that checks key names on every
 * call (the engine's socket answers many) runs `tmux -V` once, not each time. A failed read is
 * not kept. */
export function installedVersion(): Promise<TmuxVersion> {
  installed ??= detectVersion().catch((error) => {
    installed = undefined;
    throw error;
  });
  return installed;
}

/** Run `tmux -V` (needs no server). */
export async function detectVersion(): Promise<TmuxVersion> {
  let output: string;
  try {
    const proc = Bun.spawn(["tmux", "-V"], { stdout: "pipe", stderr: "pipe", stdin: "ignore" });
    output = await new Response(proc.stdout).text();
    await proc.exited;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      const { tmuxMissing } = await import("./client.ts");
      throw tmuxMissing();
    }
    throw error;
  }
  const version = parseVersion(output);
  if (!version) throw new TawError("tmux_failed", `could not read tmux's version from '${output.trim()}'`);
  return version;
}
