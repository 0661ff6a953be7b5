import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listPluginActions } from "./action-list.ts";
import { linkPlugin, setEnabled } from "./registry.ts";

const scratch = mkdtempSync(join(tmpdir(), "taw-action-list-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const env = { TAW_STATE_DIR: join(scratch, "state"), TAW_CONFIG_DIR: join(scratch, "config") };

/** A plugin folder with `manifest` as its herdr-plugin.toml. */
function plugin(name: string, manifest: string): string {
  const root = join(scratch, name);
  mkdirSync(root);
  writeFileSync(join(root, "herdr-plugin.toml"), manifest);
  return root;
}

const header = (id: string) =>
  `id = "${id}"\nname = "${id}"\nversion = "1.0.0"\nmin_herdr_version = "0.7.0"\n`;

test("herdr's fields, each action's platforms inherited from its plugin, and of one plugin when named", () => {
  linkPlugin(
    plugin(
      "a",
      `${header("ex.a")}platforms = ["linux"]\n[[actions]]\nid = "go"\ntitle = "Go"\ncontexts = ["pane"]\ncommand = ["sh", "go.sh"]\n`,
    ),
    true,
    env,
  );
  linkPlugin(
    plugin(
      "b",
      `${header("ex.b")}[[actions]]\nid = "run"\ntitle = "Run"\ncontexts = ["global"]\ncommand = ["true"]\n`,
    ),
    true,
    env,
  );
  expect(listPluginActions({}, env)).toEqual([
    {
      plugin_id: "ex.a",
      action_id: "go",
      title: "Go",
      contexts: ["pane"],
      command: ["sh", "go.sh"],
      platforms: ["linux"],
    },
    { plugin_id: "ex.b", action_id: "run", title: "Run", contexts: ["global"], command: ["true"] },
  ]);
  expect(listPluginActions({ pluginId: "ex.b" }, env).map((action) => action.action_id)).toEqual(["run"]);
  setEnabled("ex.b", false, env);
  expect(listPluginActions({}, env).map((action) => action.plugin_id)).toEqual(["ex.a"]);
  expect(() => listPluginActions({ pluginId: "ex.none" }, env)).toThrow("ex.none");
});
