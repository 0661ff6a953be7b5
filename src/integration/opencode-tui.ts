// OpenCode's TUI plugin: the server plugin reports the sessions the server runs, but only the
// TUI knows which one a pane shows (a session picked from the list, one opened with
// --session). This second plugin lives beside OpenCode's tui.jsonc and is listed in its
// `plugin` array; it reports the session the pane's TUI shows whenever that changes.
// Install adds the list entry as text (json-text.ts: the user's comments and layout stay),
// uninstall cuts it out again, and a tui.jsonc taw created holding nothing else goes.

import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { TawError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { MARKER } from "./hook-command.ts";
import { readJsonConfig, writeJsonConfig } from "./json-config.ts";
import { appendMember, nodeAt, parseJsonText, removeMember } from "./json-text.ts";
import { pluginRuntime } from "./plugin-source.ts";
import { createdBy, dropRecord, recordCreated } from "./record.ts";
import { type Env, type Outcome, unchanged } from "./types.ts";

const PLUGIN = "taw-tui-session.js";
const SPEC = `./${PLUGIN}`;
const FRESH = "{}\n";
/** What install made (the file, the `plugin` list), so uninstall takes exactly those away. */
const RECORD = "opencode-tui";

export function tuiSessionPlugin(taw: string, agent: string, resume: string[]): string {
  // A source of its own: its report numbers count apart from the server plugin's, which runs
  // in another process (one source, two counters, would drop the later process's reports).
  return `${pluginRuntime(taw, agent, resume, `${agent}'s TUI reports the session this pane shows to taw.`, `${agent}-tui`)}
export default {
  id: "taw.session-selection",
  tui: async (api) => {
    if (!process.env.TMUX_PANE) return;
    let shown;
    const sync = () => {
      const route = api.route?.current;
      const id = route?.name === "session" ? route.params?.sessionID : undefined;
      const session = typeof id === "string" && id ? api.state?.session?.get?.(id) : undefined;
      // A subagent's session is not the pane's conversation.
      if (!session || session.parentID || id === shown) return;
      shown = id;
      report("session", id);
    };
    sync();
    const timer = setInterval(sync, 250);
    api.lifecycle?.onDispose?.(() => clearInterval(timer));
  },
};
`;
}

/** The TUI half of OpenCode's integration, in the folder `dir(env)` (where tui.jsonc lives). */
export function opencodeTui(dir: (env: Env) => string, agent: string, resume: string[]) {
  const pluginPath = (env: Env) => join(dir(env), PLUGIN);
  const configPath = (env: Env) => join(dir(env), "tui.jsonc");
  const entries = (text: string | undefined) => {
    const list = text === undefined ? undefined : nodeAt(parseJsonText(text), ["plugin"]);
    if (list && list.kind !== "array")
      throw new TawError(
        "config_unreadable",
        `"plugin" in ${text} is not a list: fix it, then install again`,
      );
    return list;
  };
  return {
    files: (env: Env) => [pluginPath(env), configPath(env)],
    installed: (env: Env) =>
      existsSync(pluginPath(env)) &&
      (readJsonConfig(configPath(env)).value.plugin as unknown[] | undefined)?.includes(SPEC) === true,
    install(env: Env, taw: string): Outcome {
      const config = readJsonConfig(configPath(env));
      const text = config.text ?? FRESH;
      const list = entries(text);
      const source = tuiSessionPlugin(taw, agent, resume);
      const wrote = !existsSync(pluginPath(env)) || readFileSync(pluginPath(env), "utf8") !== source;
      if (wrote) writeFileAtomic(pluginPath(env), source);
      const listed = list?.members.some((member) => member.node.value === SPEC);
      const next = listed
        ? text
        : list
          ? appendMember(text, list, SPEC)
          : appendMember(text, parseJsonText(text), [SPEC], "plugin");
      const written = writeJsonConfig(config, next);
      if (written.changed)
        recordCreated(env, RECORD, [
          ...(config.text === undefined ? [["file"]] : []),
          ...(list ? [] : [["plugin"]]),
        ]);
      if (!wrote && !written.changed) return unchanged();
      return {
        changed: true,
        files: [...(wrote ? [pluginPath(env)] : []), ...(written.changed ? [configPath(env)] : [])],
        backups: written.backup ? [written.backup] : [],
      };
    },
    uninstall(env: Env): Outcome {
      const files: string[] = [];
      const plugin = pluginPath(env);
      if (existsSync(plugin) && readFileSync(plugin, "utf8").includes(MARKER)) {
        rmSync(plugin);
        files.push(plugin);
      }
      const config = readJsonConfig(configPath(env));
      const list = entries(config.text);
      const index = list?.members.findIndex((member) => member.node.value === SPEC) ?? -1;
      if (config.text === undefined || !list || index < 0)
        return files.length ? { changed: true, files, backups: [] } : unchanged();
      const made = createdBy(env, RECORD);
      let text = removeMember(config.text, list, index);
      // A list taw added, empty again, goes with it.
      const left = entries(text);
      const root = parseJsonText(text);
      const at = root.members.findIndex((member) => member.key === "plugin");
      if (left?.members.length === 0 && made(["plugin"]) && at >= 0) text = removeMember(text, root, at);
      dropRecord(env, RECORD);
      // The file taw made, holding nothing else now, goes.
      if (made(["file"]) && text.replace(/\s/g, "") === "{}") {
        rmSync(configPath(env));
        return { changed: true, files: [...files, configPath(env)], backups: [] };
      }
      const written = writeJsonConfig(config, text);
      return {
        changed: true,
        files: [...files, configPath(env)],
        backups: written.backup ? [written.backup] : [],
      };
    },
  };
}
