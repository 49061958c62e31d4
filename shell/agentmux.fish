# agentmux shell integration for fish: source it from ~/.config/fish/config.fish
#   source /path/to/agentmux/shell/agentmux.fish
# Reports a command that exits non-zero in a non-agent tmux pane to the agentmux daemon.
function __agentmux_postexec --on-event fish_postexec
    set -l exit_status $status
    printf '\e]133;D;%s\a' $exit_status
    if test $exit_status -ne 0; and set -q TMUX_PANE; and set -q AGENTMUX_SOCK; and not set -q AGENTMUX_TOKEN
        set -l spool (string replace -r '/[^/]*$' '' -- $AGENTMUX_SOCK)/spool
        set -l cmd (string replace -a '\\' '\\\\' -- $argv[1] | string replace -a '"' '\\"' | string join ' ')
        if test -d $spool
            # This shell's pid names every file it writes: the next free name, never one still waiting.
            set -l f $spool/$TMUX_PANE.$fish_pid.shell-failed
            set -l n 0
            while test -e $f.evt; or test -e $f.tmp
                set n (math $n + 1)
                set f $spool/$TMUX_PANE.$fish_pid"_"$n.shell-failed
            end
            printf 'agentmux1 shell-failed %s - shell\n{"status":%d,"command":"%s"}\n' $TMUX_PANE $exit_status "$cmd" >$f.tmp 2>/dev/null; and command mv -f $f.tmp $f.evt 2>/dev/null
        end
    end
end
