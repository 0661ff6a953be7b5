// The engine with everything it hosts, wherever it runs (`taw engine`, process.ts, or a
// dashboard, src/app/sources.ts): the user's manifests reloaded live, notifications and
// [hooks], the herdr socket, sessions' autosave, the inbox's auto-approvals and the herdr
// plugins. Each follows the engine and ends with it.

import { attachHerdr } from "../herdr/attach.ts";
import { followHosts } from "../hosts/follow.ts";
import { attachAutoApprove } from "../inbox/auto.ts";
import { attachNotifications } from "../notify/attach.ts";
import { attachPlugins } from "../plugin/events.ts";
import { attachAutosave } from "../session/autosave.ts";
import type { Tmux } from "../tmux/client.ts";
import { Engine, type EngineOptions } from "../watch/engine.ts";
import { type Logger, silentLogger } from "../watch/log.ts";
import { attachManifestReload, ManifestReloader } from "../watch/manifest-reload.ts";

export interface HostedEngine {
  engine: Engine;
  manifests: ManifestReloader;
  /** Resolves once the engine has stopped and everything it hosted has too. */
  ended: Promise<void>;
}

/** Claim the server with a new engine (TawError `engine_running` when a live one holds it) and
 * start what it hosts. */
export async function hostEngine(
  tmux: Tmux,
  env: Record<string, string | undefined>,
  options: Omit<EngineOptions, "tmux" | "manifests"> = {},
): Promise<HostedEngine> {
  const manifests = new ManifestReloader(undefined, env);
  const engine = new Engine({ ...options, tmux, manifests: manifests.current });
  try {
    await engine.start();
  } catch (error) {
    await engine.stop().catch(() => undefined);
    throw error;
  }
  const stop = hostServices(engine, manifests, tmux, env, options.log ?? silentLogger);
  return { engine, manifests, ended: engine.finished.then(stop) };
}

/** Attach the services to a started engine; answers the function that stops them. */
function hostServices(
  engine: Engine,
  manifests: ManifestReloader,
  tmux: Tmux,
  env: Record<string, string | undefined>,
  log: Logger,
): () => Promise<void> {
  const say = (message: string) => log.info(message);
  // Notifications, [hooks] and the rail's [status] follow config.toml as it changes.
  const stopNotifications = attachNotifications(engine, tmux, env, say);
  const stopManifests = attachManifestReload(engine, manifests, tmux, log);
  // The herdr socket (src/herdr); the engine ticks on while it starts.
  const herdr = attachHerdr(engine, tmux, env, say);
  // Sessions saved on their own (src/session/autosave.ts), once more as the engine stops.
  const stopAutosave = attachAutosave(engine, tmux, env, say);
  // Approvals [inbox] auto_approve gives on its own, logged and notified (src/inbox/auto.ts).
  const stopAutoApprove = attachAutoApprove(engine, tmux, env, say);
  // herdr plugins: their [[startup]] now, their [[events]] as the engine sees them (src/plugin).
  const stopPlugins = attachPlugins(engine, tmux, env, say);
  // Hosts whose agents count in the token or notify here (`status`/`notify`, src/hosts/follow.ts).
  const stopFollowing = followHosts(tmux, env, say);
  return async () => {
    stopFollowing();
    await stopAutosave();
    stopManifests();
    stopNotifications();
    stopAutoApprove();
    stopPlugins();
    await (await herdr)();
  };
}
