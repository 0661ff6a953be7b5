// config.toml for a running dashboard: read once the first frame is out (parsing the file
// costs ~15 ms cold, which the popup's first frame does not wait for), then re-read
// whenever the file changes. [ui] sets the theme; a problem anywhere in the file shows in
// the message line until it is fixed.

import type { LoadedConfig } from "../config/load.ts";
import { type DashStore, setTheme, showProblem } from "./store.ts";
import { themeFrom } from "./theme.ts";

type Env = Record<string, string | undefined>;

/** Applies the config now and on every change; the dashboard follows it for its whole life
 * (the watcher's timer does not keep the process alive), a test stops it. */
export async function followUiConfig(store: DashStore, env: Env = process.env): Promise<() => void> {
  const [{ ConfigWatcher }, { formatProblem }] = await Promise.all([
    import("../config/watch.ts"),
    import("../config/load.ts"),
  ]);
  // The first problem as `taw config check` words it, and how many more there are.
  const problemText = ({ problems: [first, ...rest], path }: LoadedConfig) =>
    first && `${formatProblem(first, path)}${rest.length ? ` (+${rest.length} more: taw config check)` : ""}`;
  const apply = (loaded: LoadedConfig) => {
    setTheme(store, themeFrom(loaded.config.ui));
    showProblem(store, "config", problemText(loaded));
  };
  const watcher = new ConfigWatcher(apply, env);
  apply(watcher.current);
  watcher.start();
  return () => watcher.stop();
}
