// The plugin's startup check of the manifest catalog: only when config.toml asks for it.

import { describe, expect, test } from "bun:test";
import { installCommands } from "./plugin.ts";

const settings = {
  taw: "/opt/taw/bin/taw",
  popupKeys: ["A"],
  nextKeys: [],
  inboxKeys: [],
  clearKeys: [],
  framedPopup: true,
  scratchKeys: [],
  actionKeys: [],
  watch: true,
  hooks: [],
};
const fresh = { keys: [], hooks: [], userKeys: {} };
const UPDATE = ["run-shell", "-b", "'/opt/taw/bin/taw' manifest update --if-stale >/dev/null 2>&1 || true"];

describe("plugin: manifest update on load", () => {
  test("[manifests] update = true runs `manifest update --if-stale` in the background, output discarded", () => {
    const commands = installCommands({ ...settings, manifestUpdate: true }, fresh, new Map());
    expect(commands).toContainEqual(UPDATE);
  });

  test("off (the default) runs no update", () => {
    const commands = installCommands({ ...settings, manifestUpdate: false }, fresh, new Map());
    expect(commands.some((command) => command.join(" ").includes("manifest update"))).toBe(false);
    expect(installCommands(settings, fresh, new Map()).some((c) => c.join(" ").includes("manifest"))).toBe(
      false,
    );
  });
});
