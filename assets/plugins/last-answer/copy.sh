# Reads the focused pane through herdr's CLI (taw answers it), keeps the last 40 lines, and
# puts them in tmux's paste buffer and in the plugin's state folder. herdr's CLI prints its
# JSON answer: the read's text is taken out of it with sed and unescaped with awk.
set -eu
pane=${HERDR_PANE_ID:?no pane is focused}
answer=$("$HERDR_BIN_PATH" pane read "$pane" --source recent --lines 40)
text=$(printf '%s' "$answer" | sed -n 's/.*"text":"\(\([^"\\]\|\\.\)*\)".*/\1/p' | awk '{
  out = ""
  for (i = 1; i <= length($0); i++) {
    c = substr($0, i, 1)
    if (c != "\\") { out = out c; continue }
    n = substr($0, ++i, 1)
    if (n == "n") out = out "\n"; else if (n == "t") out = out "\t"; else if (n == "u") { out = out "?"; i += 4 } else out = out n
  }
  printf "%s", out
}')
printf '%s\n' "$text" > "$HERDR_PLUGIN_STATE_DIR/last-answer.txt"
if [ -n "${TMUX:-}" ]; then printf '%s\n' "$text" | tmux load-buffer -; fi
echo "copied $(printf '%s\n' "$text" | wc -l | tr -d ' ') lines of $pane"
