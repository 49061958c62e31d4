# agentmux shell integration for bash: source it from ~/.bashrc
#   . /path/to/agentmux/shell/agentmux.bash
# In a tmux pane that is not an agent session, a command that exits non-zero is reported to the
# agentmux daemon, which notifies you (so a long build need not be watched). Also emits OSC 133
# command-finished marks. Costs no process per prompt; only a failure writes one small file.
__agentmux_prompt() {
  local status=$?
  printf '\033]133;D;%s\007' "$status"
  if [ "$status" -ne 0 ] && [ -n "${TMUX_PANE:-}" ] && [ -n "${AGENTMUX_SOCK:-}" ] && [ -z "${AGENTMUX_TOKEN:-}" ]; then
    local spool="${AGENTMUX_SOCK%/*}/spool" cmd
    cmd=$(HISTTIMEFORMAT= builtin history 1)
    cmd="${cmd#*[0-9]  }"
    cmd="${cmd//\\/\\\\}"; cmd="${cmd//\"/\\\"}"; cmd="${cmd//	/ }"
    if [ -d "$spool" ]; then
      # This shell's pid names every file it writes: the next free name, never one still waiting.
      local f="$spool/$TMUX_PANE.$$.shell-failed" n=0
      while [ -e "$f.evt" ] || [ -e "$f.tmp" ]; do n=$((n + 1)); f="$spool/$TMUX_PANE.$$_$n.shell-failed"; done
      printf 'agentmux1 shell-failed %s - shell\n{"status":%d,"command":"%s"}\n' "$TMUX_PANE" "$status" "$cmd" >"$f.tmp" 2>/dev/null && command mv -f "$f.tmp" "$f.evt" 2>/dev/null
    fi
  fi
  return "$status"
}
case ";${PROMPT_COMMAND:-};" in
  *";__agentmux_prompt;"*) ;;
  *) PROMPT_COMMAND="__agentmux_prompt${PROMPT_COMMAND:+;$PROMPT_COMMAND}" ;;
esac
