/**
 * The preview of the highlighted session, as tmux's choose-tree shows one: the last lines of its
 * pane's screen, below the list. The screen comes from capture-pane (plain text); whatever escape
 * sequence or control character is left in it is dropped here, so nothing from a pane can style or
 * move the switcher's own drawing.
 */

/** CSI, OSC (to BEL or ST), other two-character escapes, then any C0/C1 control left. */
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]|\u009b[0-?]*[ -/]*[@-~]/g;
const CONTROLS = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/g;

/** One screen line made safe to draw: escapes and controls gone, tabs as spaces, trailing blanks trimmed. */
export function screenLine(line: string): string {
  return line.replace(ESCAPES, "").replaceAll("\t", "  ").replace(CONTROLS, "").trimEnd();
}

/** A captured screen as lines to draw: each made safe (screenLine), the blank lines under the last text left off. */
export function screenLines(capture: string): string[] {
  const lines = capture.split("\n").map(screenLine);
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
