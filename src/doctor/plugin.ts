// The plugin check: the keys and hooks `taw tmux install` recorded are still in place.

import type { Tmux } from "../tmux/client.ts";
import { HOOK_SLOT, readInstalled } from "../tmux-plugin/record.ts";
import { readServer, readServerRecord } from "../tmux-plugin/server-record.ts";
import { type Check, fail, ok, warn } from "./check.ts";

type Env = Record<string, string | undefined>;

const RELOAD = "load the plugin again (tmux source-file ~/.tmux.conf) or run 'taw tmux install'";

/** Hooks whose taw slot is set, from `show-hooks -g` and `-gw` (session and window hooks). */
async function hooksSet(tmux: Tmux): Promise<Set<string>> {
  const results = await tmux.batch([
    ["show-hooks", "-g"],
    ["show-hooks", "-gw"],
  ]);
  const slot = `[${HOOK_SLOT}] `;
  const lines = results.flatMap((result) => (result.ok ? result.output.split("\n") : []));
  return new Set(
    lines.filter((line) => line.includes(slot)).map((line) => line.slice(0, line.indexOf(slot))),
  );
}

/** What the plugin's record says of the last server it was loaded into on this socket, when
 * that server is not the one answering now (it ended: crashed, or killed). */
async function endedServer(tmux: Tmux, env: Env): Promise<string> {
  const record = readServerRecord(tmux.describeSocket(env), env);
  if (!record) return "";
  const now = await readServer(tmux);
  if (record.pid === now.pid && record.started === now.started) return "";
  const since = new Date(record.started * 1000).toISOString().replace("T", " ").slice(0, 16);
  return `; the server it was last loaded into here (pid ${record.pid}, up since ${since} UTC) has ended`;
}

export async function checkPlugin(tmux: Tmux, env: Env = process.env): Promise<Check> {
  const [{ installed, bindings }, hooks] = await Promise.all([readInstalled(tmux), hooksSet(tmux)]);
  if (installed.keys.length + installed.hooks.length === 0)
    return warn(
      "plugin",
      `not loaded on this server: no prefix key for the popup, no focus hooks${await endedServer(tmux, env)}`,
      "add the line 'taw setup' prints to ~/.tmux.conf",
    );
  const lostKeys = installed.keys.filter((key) => !bindings.get(key)?.ours);
  const lostHooks = installed.hooks.filter((hook) => !hooks.has(hook));
  if (lostKeys.length + lostHooks.length > 0) {
    const lost = [
      ...(lostKeys.length ? [`keys ${lostKeys.map((key) => `prefix ${key}`).join(", ")}`] : []),
      ...(lostHooks.length ? [`hooks ${lostHooks.join(", ")}`] : []),
    ];
    return fail("plugin", `installed, but ${lost.join(" and ")} no longer run taw`, RELOAD);
  }
  const keys = installed.keys.map((key) => `prefix ${key}`).join(", ");
  return ok("plugin", `keys ${keys || "none"}; hooks ${installed.hooks.join(", ") || "none"}`);
}
