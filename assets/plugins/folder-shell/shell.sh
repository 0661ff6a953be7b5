# The focused pane's folder, from herdr's invocation context (no JSON tool needed for one
# field), then the user's shell there.
dir=$(printf '%s' "$HERDR_PLUGIN_CONTEXT_JSON" | sed -n 's/.*"focused_pane_cwd":"\([^"]*\)".*/\1/p')
cd "${dir:-$HOME}" 2>/dev/null || cd "$HOME"
exec "${SHELL:-/bin/sh}"
