# Reads the focused pane through herdr's CLI (taw answers it), keeps the last 40 lines, and
# puts them in tmux's paste buffer and in the plugin's state folder. `herdr pane read` prints
# the text read, as herdr's does.
set -eu
pane=${HERDR_PANE_ID:?no pane is focused}
text=$(herdr pane read "$pane" --source recent --lines 40)
printf '%s\n' "$text" > "$HERDR_PLUGIN_STATE_DIR/last-answer.txt"
if [ -n "${TMUX:-}" ]; then printf '%s\n' "$text" | tmux load-buffer -; fi
echo "copied $(printf '%s\n' "$text" | wc -l | tr -d ' ') lines of $pane"
