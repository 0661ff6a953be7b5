#!/usr/bin/env sh
# TPM runs the *.tmux files at a plugin's root: this one hands over to the plugin itself.
exec "$(cd "$(dirname "$0")" && pwd -P)/assets/taw.tmux"
