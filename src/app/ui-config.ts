// config.toml's [ui] for a running dashboard: read once the first frame is out (parsing the
// file costs ~15 ms cold, which the popup's first frame does not wait for), then re-read
// whenever the file changes.

import { type DashStore, setTheme } from "./store.ts";
import { themeFrom } from "./theme.ts";

type Env = Record<string, string | undefined>;

/** Applies the [ui] settings now and on every change; the dashboard follows them for its
 * whole life (the watcher's timer does not keep the process alive), a test stops it. */
export async function followUiConfig(store: DashStore, env: Env = process.env): Promise<() => void> {
  const { ConfigWatcher } = await import("../config/watch.ts");
  const watcher = new ConfigWatcher((loaded) => setTheme(store, themeFrom(loaded.config.ui)), env);
  setTheme(store, themeFrom(watcher.current.config.ui));
  watcher.start();
  return () => watcher.stop();
}
