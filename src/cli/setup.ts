// taw setup: the lines to add to ~/.tmux.conf for where this taw is installed; with
// --link-herdr, taw's `herdr` linked by name instead.

import { join } from "node:path";
import { herdrBinPath } from "../herdr/env.ts";
import { type LinkHerdrResult, linkHerdr, linkHerdrText } from "../integration/link-herdr.ts";
import { PACKAGE_ROOT } from "../runtime.ts";
import { shellQuote } from "../tmux/escape.ts";
import { defineCommand } from "./command.ts";

export const PLUGIN_FILE = join(PACKAGE_ROOT, "assets", "taw.tmux");

export function setupLines(pluginFile: string): string[] {
  return [
    "# taw: prefix A opens the agent dashboard, prefix O jumps to the agent that needs you.",
    "# Options (before the run-shell line): set -g @agent-wizard 'A'; @agent-wizard-notification-key 'O';",
    "# @agent-wizard-watch 'off' to not start the engine.",
    `run-shell ${shellQuote(pluginFile)}`,
    "# Optional: agent counts in the status line.",
    "# set -g status-right '#{@agent_wizard_status} %H:%M'",
    "# herdr's pane ids (HERDR_PANE_ID …) in every pane, for herdr hooks and clients: add the",
    "# output of 'taw shell-init bash' (or zsh, fish) to your shell's rc file.",
  ];
}

type SetupResult = { plugin: string; lines: string[] } | ({ herdr: string } & LinkHerdrResult);

export const setupCommand = defineCommand<SetupResult>({
  path: ["setup"],
  summary: "print the lines to add to ~/.tmux.conf",
  flags: {
    "link-herdr": {
      type: "boolean",
      description:
        "link taw's herdr as `herdr` beside taw on PATH (or ~/.local/bin) when no herdr is on PATH",
    },
  },
  run: async ({ args, env }) =>
    args.flags["link-herdr"]
      ? { herdr: herdrBinPath(), ...linkHerdr(env, herdrBinPath()) }
      : { plugin: PLUGIN_FILE, lines: setupLines(PLUGIN_FILE) },
  render: (result) => ("lines" in result ? result.lines.join("\n") : linkHerdrText(result, result.herdr)),
});
