#!/usr/bin/env sh
# TPM's entry: TPM runs every executable *.tmux file at a plugin's root (with $TMUX naming the
# server). The plugin itself is tmux/agentmux.tmux, which manual installs run with run-shell.
exec "$(cd "$(dirname "$0")" && pwd)/tmux/agentmux.tmux" "$@"
