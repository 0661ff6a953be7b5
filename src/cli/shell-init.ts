// taw shell-init bash|zsh|fish: the lines for a shell's rc file that give each tmux pane
// herdr's per-pane ids (HERDR_PANE_ID, HERDR_TAB_ID, HERDR_WORKSPACE_ID) as taw's public ids,
// derived from $TMUX_PANE with one tmux call. Only where the engine published HERDR_SOCKET_PATH
// (config.toml [herdr] protocol = "always"); anywhere else they do nothing.

import { usageError } from "../errors.ts";
import { defineCommand } from "./command.ts";

const SHELLS = ["bash", "zsh", "fish"] as const;
type Shell = (typeof SHELLS)[number];

const POSIX = `# taw: herdr's per-pane ids in tmux panes (taw shell-init)
if [ -n "$TMUX_PANE" ] && [ -n "$HERDR_SOCKET_PATH" ]; then
  __taw_ids=$(tmux display-message -p -t "$TMUX_PANE" '#{session_id} #{window_id}' 2>/dev/null)
  if [ -n "$__taw_ids" ]; then
    __taw_s=\${__taw_ids%% *}
    __taw_s=\${__taw_s#?}
    __taw_w=\${__taw_ids##*@}
    export HERDR_WORKSPACE_ID="w$__taw_s"
    export HERDR_TAB_ID="w$__taw_s:t$__taw_w"
    export HERDR_PANE_ID="w$__taw_s:p\${TMUX_PANE#%}"
  fi
  unset __taw_ids __taw_s __taw_w
fi`;

const FISH = `# taw: herdr's per-pane ids in tmux panes (taw shell-init)
if set -q TMUX_PANE; and set -q HERDR_SOCKET_PATH
  set -l __taw_ids (tmux display-message -p -t $TMUX_PANE '#{session_id} #{window_id}' 2>/dev/null | string split ' ')
  if test (count $__taw_ids) -eq 2
    set -l __taw_s (string sub -s 2 -- $__taw_ids[1])
    set -l __taw_w (string sub -s 2 -- $__taw_ids[2])
    set -gx HERDR_WORKSPACE_ID w$__taw_s
    set -gx HERDR_TAB_ID w$__taw_s:t$__taw_w
    set -gx HERDR_PANE_ID w$__taw_s:p(string sub -s 2 -- $TMUX_PANE)
  end
end`;

export function shellInit(shell: Shell): string {
  return shell === "fish" ? FISH : POSIX;
}

export const shellInitCommand = defineCommand({
  path: ["shell-init"],
  summary: "print the lines for your shell's rc file that give tmux panes herdr's pane ids",
  positionals: ["[bash|zsh|fish]"],
  async run(ctx) {
    const given = ctx.args.positionals[0] ?? ctx.env.SHELL?.split("/").pop() ?? "bash";
    if (!SHELLS.includes(given as Shell))
      throw usageError(
        `unknown shell '${given}': give bash, zsh or fish, such as 'taw shell-init zsh >> ~/.zshrc'`,
      );
    return { shell: given, lines: shellInit(given as Shell) };
  },
  render: (result) => result.lines,
});
