# agentmux shell integration for zsh: source it from ~/.zshrc
#   source /path/to/agentmux/shell/agentmux.zsh
# Reports a command that exits non-zero in a non-agent tmux pane to the agentmux daemon.
__agentmux_cmd=""
__agentmux_preexec() { __agentmux_cmd="$1" }
__agentmux_precmd() {
  local exit_status=$?
  printf '\033]133;D;%s\007' "$exit_status"
  if [[ $exit_status -ne 0 && -n "$TMUX_PANE" && -n "$AGENTMUX_SOCK" && -z "$AGENTMUX_TOKEN" && -n "$__agentmux_cmd" ]]; then
    local spool="${AGENTMUX_SOCK%/*}/spool" cmd="$__agentmux_cmd"
    cmd="${cmd//\\/\\\\}"; cmd="${cmd//\"/\\\"}"; cmd="${cmd//$'\n'/ }"; cmd="${cmd//$'\t'/ }"
    if [[ -d "$spool" ]]; then
      # This shell's pid names every file it writes: the next free name, never one still waiting.
      local f="$spool/$TMUX_PANE.$$.shell-failed" n=0
      while [[ -e "$f.evt" || -e "$f.tmp" ]]; do n=$((n + 1)); f="$spool/$TMUX_PANE.$$_$n.shell-failed"; done
      printf 'agentmux1 shell-failed %s - shell\n{"status":%d,"command":"%s"}\n' "$TMUX_PANE" "$exit_status" "$cmd" >"$f.tmp" 2>/dev/null && command mv -f "$f.tmp" "$f.evt" 2>/dev/null
    fi
  fi
  __agentmux_cmd=""
}
autoload -Uz add-zsh-hook
add-zsh-hook preexec __agentmux_preexec
add-zsh-hook precmd __agentmux_precmd
