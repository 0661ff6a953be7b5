#!/usr/bin/env sh
# taw's tmux plugin. Load it with TPM, or by hand from ~/.tmux.conf:
#   run-shell /path/to/tmux-agent-wizard/assets/taw.tmux
# It finds taw (@agent-wizard-bin, else the launcher beside this file, else taw on PATH)
# and runs `taw tmux install`, which binds the keys, sets the focus hooks and starts the
# engine. Loading it again replaces what it set; `taw tmux uninstall` removes it all.
# Nothing it runs prints into a pane.

here=$(cd "$(dirname "$0")" && pwd -P)
taw=$(tmux show-options -gqv @agent-wizard-bin 2>/dev/null)
if [ -z "$taw" ]; then
  root=$(cd "$here/.." && pwd -P)
  if [ -x "$root/bin/taw" ]; then
    taw="$root/bin/taw"
  else
    taw=$(command -v taw 2>/dev/null || true)
  fi
fi
if [ -z "$taw" ]; then
  tmux display-message "taw: not found; set @agent-wizard-bin to its path" 2>/dev/null || true
  exit 0
fi
"$taw" tmux install --bin "$taw" >/dev/null 2>&1 ||
  tmux display-message "taw: tmux install failed; run 'taw tmux install' in a shell to see why" 2>/dev/null ||
  true
# With @agent-wizard-restore on, the first load on a server brings back the saved sessions
# (in the background: it waits for the server's first session); a reload restores nothing.
"$taw" session restore-on-start >/dev/null 2>&1 &
exit 0
