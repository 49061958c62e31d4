#!/usr/bin/env sh
# agentmux tmux plugin: key bindings, the status segment and the daemon.
# TPM runs this file (set -g @plugin ...); without TPM: run-shell /path/to/agentmux/tmux/agentmux.tmux
# Running it again is harmless: it rebinds only keys it bound itself and adds the segment once.

CURRENT_DIR="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$CURRENT_DIR")"

# Every option with its default (a key set to "none" is not bound).
menu_key_default="a"          # @agentmux-menu-key: the menu (display-menu)
switch_key_default="S"        # @agentmux-switch-key: the session switcher (display-popup)
inbox_key_default="N"         # @agentmux-inbox-key: the inbox: what waits on you, answered in place (display-popup); N, as prefix I is TPM's install key
next_key_default="B"          # @agentmux-next-key: jump to the session of the latest unseen notification, else the next waiting or blocked one
snooze_key_default="Z"        # @agentmux-snooze-key: snooze or wake the current session
side_key_default="e"          # @agentmux-side-key: the side-conversation key table (then b toggle, q conclude, r send-selection, k dismiss, s open a side)
route_key_default="T"         # @agentmux-route-key: route the paste buffer (agentmux route, in a popup)
route_copy_key_default="C-t"  # @agentmux-route-copy-key: in copy mode (both tables), route the selection (copied into the paste buffer)
prompt_key_default="P"        # @agentmux-prompt-key: the captured-prompts key table (then c capture, i insert)
kill_key_default="none"       # @agentmux-kill-key: e.g. x: on an agent pane, agentmux kill (kill protection) instead of tmux's kill-pane; other panes keep what the key did
popup_width_default="80%"     # @agentmux-popup-width
popup_height_default="60%"    # @agentmux-popup-height
status_right_default="on"     # @agentmux-status-right: put #{@agentmux-status} in front of status-right
window_marker_default="on"    # @agentmux-window-marker: ⚠/● before the names of windows whose agents need you
pane_border_default="off"     # @agentmux-pane-border: a border line per agent pane (icon, name, model, effort, account, status)
daemon_default="on"           # @agentmux-daemon: start the watcher daemon with the plugin
command_default="'$ROOT/bin/agentmux.js'"   # @agentmux-command: how to run agentmux (a sh command, e.g. agentmux)

get_option() {
  value="$(tmux show-option -gqv "$1")"
  if [ -n "$value" ]; then printf '%s' "$value"; else printf '%s' "$2"; fi
}

# Text that goes through a tmux format: # doubled, so nothing in a path can run #(...).
escape_format() {
  printf '%s' "$1" | sed 's/#/##/g'
}

# tmux-sensible's key_binding_not_set, except that a key agentmux bound itself (its note says
# "agentmux:") is free, so running the plugin again picks up changed options.
key_free() { # KEY [TABLE]
  tmux list-keys -T "${2:-prefix}" "$1" >/dev/null 2>&1 || return 0
  tmux list-keys -N -T "${2:-prefix}" "$1" 2>/dev/null | grep -q 'agentmux:'
}

bind_key() { # KEY NOTE COMMAND...
  key="$1"; note="$2"; shift 2
  [ "$key" = "none" ] && return 0
  key_free "$key" || return 0
  tmux bind-key -N "agentmux: $note" "$key" "$@"
}

# The user's kill-pane key (prefix x by default): on an agent pane it runs `agentmux kill` in a
# popup, which asks first (protection.kill) and keeps the session listed as exited; any other pane
# gets what the key did before, remembered in @agentmux-kill-key-was so a second run keeps it.
bind_kill_key() { # KEY
  key="$1"
  [ "$key" = "none" ] && return 0
  if tmux list-keys -N -T prefix "$key" 2>/dev/null | grep -q 'agentmux:'; then
    was="$(tmux show-option -gqv @agentmux-kill-key-was)"
  else
    # list-keys prints "bind-key [-r] -T prefix KEY COMMAND": the command is what follows the key.
    was="$(tmux list-keys -T prefix "$key" 2>/dev/null | sed -n '1s/^bind-key *\(-r *\)\{0,1\}-T prefix *[^ ]* *//p')"
    [ -n "$was" ] || was='confirm-before -p "kill-pane #P? (y/n)" kill-pane'
    tmux set-option -g @agentmux-kill-key-was "$was"
  fi
  popup="run-shell -b \"tmux display-popup -c $client -E -w 72 -h 7 -T ' agentmux kill ' \\\"$agentmux kill '#{pane_id}' || sleep 3\\\"\""
  tmux bind-key -N "agentmux: kill (asks first on agent panes)" "$key" if-shell -F '#{@agentmux-backend}' "$popup" "$was"
}

main() {
  if [ ! -f "$ROOT/dist/cli/main.js" ]; then
    tmux display-message "agentmux: $(escape_format "$ROOT")/dist is missing (run npm install in $(escape_format "$ROOT"))"
    return 0
  fi
  command="$(get_option @agentmux-command "$command_default")"
  agentmux="$(escape_format "$command")"
  width="$(get_option @agentmux-popup-width "$popup_width_default")"
  height="$(get_option @agentmux-popup-height "$popup_height_default")"
  client="'#{client_name}'"

  bind_key "$(get_option @agentmux-switch-key "$switch_key_default")" "switch session" \
    run-shell -b "tmux display-popup -c $client -EE -w '$width' -h '$height' -T ' agentmux ' \"$agentmux switch --client $client\""
  bind_key "$(get_option @agentmux-inbox-key "$inbox_key_default")" "inbox" \
    run-shell -b "tmux display-popup -c $client -EE -w '$width' -h '$height' -T ' agentmux inbox ' \"$agentmux inbox --client $client\""
  bind_key "$(get_option @agentmux-menu-key "$menu_key_default")" "menu" \
    run-shell -b "$agentmux menu --client $client --pane '#{pane_id}'"
  bind_key "$(get_option @agentmux-next-key "$next_key_default")" "jump to the notified session, else the next waiting one" \
    run-shell -b "$agentmux next --client $client --from '#{pane_id}'"
  bind_key "$(get_option @agentmux-snooze-key "$snooze_key_default")" "snooze or wake this session" \
    run-shell -b "$agentmux snooze --ask --client $client '#{pane_id}'"

  bind_kill_key "$(get_option @agentmux-kill-key "$kill_key_default")"

  # Routing: the paste buffer from the prefix table; in copy mode the selection, copied into the
  # buffer first. It runs in a popup (the project picker asks there); an error waits for Enter.
  route="tmux display-popup -c $client -E -w '$width' -h '$height' -T ' agentmux route ' \"$agentmux route --client $client || (echo '(press Enter)' && read -r _)\""
  bind_key "$(get_option @agentmux-route-key "$route_key_default")" "route the paste buffer" run-shell -b "$route"
  route_copy_key="$(get_option @agentmux-route-copy-key "$route_copy_key_default")"
  if [ "$route_copy_key" != "none" ]; then
    for table in copy-mode copy-mode-vi; do
      key_free "$route_copy_key" "$table" && tmux bind-key -T "$table" -N "agentmux: route the selection" "$route_copy_key" send-keys -X copy-selection-and-cancel '\;' run-shell -b "$route"
    done
  fi

  # Side conversations: prefix + the side key enters a key table of agentmux's own, so its keys
  # shadow nothing in the prefix table. Dismiss runs in a popup (side.onDismiss ask asks there).
  side_key="$(get_option @agentmux-side-key "$side_key_default")"
  if [ "$side_key" != "none" ] && key_free "$side_key"; then
    tmux bind-key -N "agentmux: side conversations (then b, q, r, k or s)" "$side_key" switch-client -T agentmux-side
    tmux bind-key -T agentmux-side -N "agentmux: side toggle" b run-shell -b "$agentmux side toggle --client $client '#{pane_id}'"
    tmux bind-key -T agentmux-side -N "agentmux: side conclude" q run-shell -b "$agentmux side conclude --client $client '#{pane_id}'"
    tmux bind-key -T agentmux-side -N "agentmux: side send-selection" r run-shell -b "$agentmux side send-selection --client $client '#{pane_id}'"
    tmux bind-key -T agentmux-side -N "agentmux: side open (quoting the selection in copy mode)" s if-shell -F '#{selection_present}' \
      "run-shell -b \"$agentmux side --from-selection --client $client '#{pane_id}'\"" \
      "run-shell -b \"$agentmux side --client $client '#{pane_id}'\""
    tmux bind-key -T agentmux-side -N "agentmux: side dismiss" k run-shell -b "tmux display-popup -c $client -E -w 72 -h 7 -T ' agentmux side dismiss ' \"$agentmux side dismiss '#{pane_id}' || sleep 3\""
    tmux bind-key -T agentmux-side -N "agentmux: side describe" '?' run-shell -b "$agentmux side describe --client $client '#{pane_id}'"
  fi

  # Captured prompts: prefix + the prompt key enters agentmux's key table for them. Capture opens
  # the editor in a popup of its own; insert runs in a popup, where it can ask which prompt.
  prompt_key="$(get_option @agentmux-prompt-key "$prompt_key_default")"
  if [ "$prompt_key" != "none" ] && key_free "$prompt_key"; then
    tmux bind-key -N "agentmux: captured prompts (then c or i)" "$prompt_key" switch-client -T agentmux-prompt
    tmux bind-key -T agentmux-prompt -N "agentmux: prompt capture" c run-shell -b "$agentmux prompt capture --client $client '#{pane_id}'"
    tmux bind-key -T agentmux-prompt -N "agentmux: prompt insert" i run-shell -b "tmux display-popup -c $client -E -w '$width' -h '$height' -T ' agentmux prompt insert ' \"$agentmux prompt insert '#{pane_id}' || sleep 3\""
  fi

  if [ "$(get_option @agentmux-status-right "$status_right_default")" = "on" ]; then
    current="$(tmux show-option -gqv status-right)"
    case "$current" in
      *@agentmux-status*) ;;
      *) tmux set-option -g status-right "#{?@agentmux-status,#{@agentmux-status} ,}$current" ;;
    esac
  fi

  if [ "$(get_option @agentmux-window-marker "$window_marker_default")" = "on" ]; then
    marker='#{?#{==:#{@agentmux-window-state},blocked},#[fg=red]⚠#[default] ,#{?#{==:#{@agentmux-window-state},waiting},#[fg=yellow]●#[default] ,}}'
    for option in window-status-format window-status-current-format; do
      current="$(tmux show-option -gqv "$option")"
      case "$current" in
        *@agentmux-window-state*) ;;
        *) tmux set-option -g "$option" "$marker$current" ;;
      esac
    done
  fi

  if [ "$(get_option @agentmux-pane-border "$pane_border_default")" = "on" ]; then
    current="$(tmux show-option -gqv pane-border-format)"
    case "$current" in
      *@agentmux-border*) ;;
      *) tmux set-option -g pane-border-format "#{?@agentmux-border, #{@agentmux-border} ,$current}"
         tmux set-option -g pane-border-status top ;;
    esac
  fi

  if [ "$(get_option @agentmux-daemon "$daemon_default")" = "on" ]; then
    sh -c "$command daemon start" >/dev/null 2>&1 &
  fi
}

main
