/** How a full-screen view takes the terminal. */
export interface TerminalMode {
  /** On the alternate screen (the shell's screen comes back as it was); else the screen is cleared on leaving. */
  alternate?: boolean;
  /** Lines that do not wrap at the right edge (a table wider than the popup is cut, not folded). */
  noWrap?: boolean;
}

/**
 * Take the terminal for a full-screen view (the switcher, the inbox, a picker, the usage view):
 * raw keys as UTF-8, the cursor hidden, the screen cleared. Returns what gives it back. Input is
 * resumed (a view opened after another one paused it would hear nothing): the caller attaches its
 * listener in the same tick, before any key can arrive.
 */
export function takeTerminal(stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream, mode: TerminalMode = {}): () => void {
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  stdout.write(`${mode.alternate ? "\x1b[?1049h" : ""}\x1b[?25l${mode.noWrap ? "\x1b[?7l" : ""}\x1b[2J`);
  return () => {
    stdin.setRawMode(false);
    stdin.pause();
    stdout.write(mode.alternate ? `${mode.noWrap ? "\x1b[?7h" : ""}\x1b[?25h\x1b[?1049l` : "\x1b[H\x1b[2J\x1b[?25h");
  };
}
