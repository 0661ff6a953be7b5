// herdr's `plugin …` commands that are one socket request (herdr's src/cli/plugin.rs prints the
// answer line for each; `plugin list` prints lines for people unless --json): link, list,
// unlink, enable, disable, log list, action list, action invoke, pane open/focus/close.
// `plugin install`, `uninstall` and `config-dir` work on files, with no request: taw's verbs
// (cli-taw.ts).

import { resolve } from "node:path";
import { pluginConfigDir } from "../plugin/registry.ts";
import { defined, envMap, need, one, type Params, type Parsed, Usage } from "./cli-args.ts";
import type { SocketForm } from "./cli-form.ts";

/** `<group> <verb> <plugin_id>` → `{ plugin_id }`. */
const byPlugin = (method: string, usage: string): SocketForm => ({
  request: (p) => [method, { plugin_id: need(p, 1, usage)[0] }],
});

interface Listed {
  plugin_id: string;
  name: string;
  enabled: boolean;
  plugin_root: string;
  source: { kind: string; owner?: string | null; repo?: string | null };
  warnings: string[];
}

/** `plugin list` for people, as herdr prints it: one entry and its config folder per plugin. */
function listLines(result: Params, p: Parsed): string[] {
  if (p.switches.has("json")) return [JSON.stringify({ id: "cli:plugin", result })];
  const plugins = (result.plugins ?? []) as Listed[];
  if (!plugins.length) return ["No plugins installed."];
  const lines = [`${plugins.length} plugin${plugins.length === 1 ? "" : "s"} installed:`];
  for (const plugin of plugins) {
    const source =
      plugin.source.kind === "github"
        ? `github ${plugin.source.owner}/${plugin.source.repo}`
        : `local ${plugin.plugin_root}`;
    const warnings = plugin.warnings.length ? `; ${plugin.warnings.length} warning(s)` : "";
    lines.push(
      `- ${plugin.plugin_id} (${plugin.name}) ${plugin.enabled ? "enabled" : "disabled"} [${source}${warnings}]`,
      `  config: ${pluginConfigDir(plugin.plugin_id)}`,
    );
  }
  return lines;
}

export const PLUGIN_FORMS: Record<string, SocketForm> = {
  "plugin link": {
    request: (p) => [
      "plugin.link",
      // The engine runs elsewhere: a relative path is the caller's.
      {
        path: resolve(need(p, 1, "plugin link <path> [--disabled]")[0] as string),
        enabled: !p.switches.has("disabled"),
      },
    ],
  },
  "plugin list": {
    valued: ["plugin"],
    request: (p) => ["plugin.list", defined({ plugin_id: one(p, "plugin") })],
    print: listLines,
  },
  "plugin unlink": byPlugin("plugin.unlink", "plugin unlink <plugin_id>"),
  "plugin enable": byPlugin("plugin.enable", "plugin enable <plugin_id>"),
  "plugin disable": byPlugin("plugin.disable", "plugin disable <plugin_id>"),
  "plugin log list": {
    valued: ["plugin", "limit"],
    request: (p) => {
      const limit = one(p, "limit");
      if (limit !== undefined && !/^\d+$/.test(limit)) throw new Usage(`invalid --limit value: ${limit}`);
      return ["plugin.log.list", defined({ plugin_id: one(p, "plugin"), limit: limit && Number(limit) })];
    },
  },
  "plugin action list": {
    valued: ["plugin"],
    request: (p) => ["plugin.action.list", defined({ plugin_id: one(p, "plugin") })],
  },
  "plugin action invoke": {
    valued: ["plugin"],
    request: (p) => [
      "plugin.action.invoke",
      defined({
        action_id: need(p, 1, "plugin action invoke <action_id> [--plugin ID]")[0],
        plugin_id: one(p, "plugin"),
        context: { invocation_source: "cli" },
      }),
    ],
  },
  "plugin pane open": {
    valued: [
      "plugin",
      "entrypoint",
      "placement",
      "width",
      "height",
      "workspace",
      "target-pane",
      "direction",
      "cwd",
      "env",
    ],
    request: (p) => {
      const plugin_id = one(p, "plugin");
      const entrypoint = one(p, "entrypoint");
      if (!plugin_id) throw new Usage("missing required --plugin");
      if (!entrypoint) throw new Usage("missing required --entrypoint");
      return [
        "plugin.pane.open",
        defined({
          plugin_id,
          entrypoint,
          placement: one(p, "placement"),
          width: one(p, "width"),
          height: one(p, "height"),
          workspace_id: one(p, "workspace"),
          target_pane_id: one(p, "target-pane"),
          direction: one(p, "direction"),
          cwd: one(p, "cwd"),
          focus: !p.switches.has("no-focus"),
          env: envMap(p),
        }),
      ];
    },
  },
  "plugin pane focus": {
    request: (p) => ["plugin.pane.focus", { pane_id: need(p, 1, "plugin pane focus <pane_id>")[0] }],
  },
  "plugin pane close": {
    request: (p) => ["plugin.pane.close", { pane_id: need(p, 1, "plugin pane close <pane_id>")[0] }],
  },
};
