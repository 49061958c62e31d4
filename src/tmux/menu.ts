import { cleanLine, escapeExpand, escapeTime, formatLiteral, timeFormatLiteral } from "./safe-text.ts";

/**
 * display-menu argv. Menu item names and commands are tmux formats, expanded when shown or
 * chosen, so every literal `#` in them is doubled here; a command is a tmux command string.
 */
export type MenuItem =
  | { kind: "item"; label: string; key: string; command: string; disabled?: boolean }
  | { kind: "header"; label: string }
  | { kind: "separator" };

/** Quote one word for tmux's command parser: double quotes, with \ " $ escaped (no ~ or $VAR expansion). */
export function tmuxQuote(word: string): string {
  return `"${word.replace(/[\\"$]/g, "\\$&")}"`;
}

/** A tmux command string from argv, each word quoted. */
export function tmuxCommand(argv: readonly string[]): string {
  return argv.map(tmuxQuote).join(" ");
}

/** `run-shell -b` of a sh command line, as a tmux command string (run-shell expands formats). */
export function runShell(sh: string): string {
  return tmuxCommand(["run-shell", "-b", escapeExpand(sh)]);
}

/**
 * A sh command line (of single-quoted words) made safe for a command-prompt template, where %1
 * would be replaced by the answer: every % becomes %'' (a % and an empty quoted word), so
 * pane %12 survives. Append the answer placeholder after this.
 */
export function promptSafe(sh: string): string {
  return sh.replaceAll("%", "%''");
}

/** The global option a command-prompt answer passes through on its way to a sh command (answerToShell). */
export const PROMPT_ANSWER_OPTION = "@agentmux-prompt-answer";

/**
 * A command-prompt template that hands the answer, whatever it holds (quotes, %, #, ;, $), to a
 * sh command line as "$1": the answer is stored as text in a global option (%%% escapes it for
 * tmux's parser), then run-shell expands it shell-quoted (#{q:}) into `set -- ANSWER` before sh.
 * The sh command line is made safe for the template here (promptSafe, escapeExpand).
 */
export function answerToShell(sh: string): string {
  const store = tmuxCommand(["set-option", "-g", PROMPT_ANSWER_OPTION, "%%%"]);
  return `${store} ; ${tmuxCommand(["run-shell", "-b", `set -- #{q:${PROMPT_ANSWER_OPTION}}; ${escapeExpand(promptSafe(sh))}`])}`;
}

/**
 * command-prompt argv: its prompt and initial text are shown literally (tmux expands both as
 * formats and through strftime); template is a tmux command string with the answer's placeholder.
 */
export function commandPromptArgs(request: { client?: string | undefined; prompt: string; initial?: string | undefined; template: string }): string[] {
  return ["command-prompt", ...(request.client ? ["-t", request.client] : []), ...(request.initial !== undefined ? ["-I", escapeTime(escapeExpand(cleanLine(request.initial)))] : []), "-p", timeFormatLiteral(request.prompt), request.template];
}

/**
 * display-popup argv (-E: it closes when its command ends) for a menu item: the command is a sh
 * command line, run as it is (display-popup does not expand it); the title is shown literally.
 */
export function popupArgs(request: { client?: string | undefined; title: string; command: string; width?: string; height?: string }): string[] {
  return ["display-popup", ...(request.client ? ["-c", request.client] : []), "-E", "-w", request.width ?? "80%", "-h", request.height ?? "60%", "-T", ` ${formatLiteral(request.title)} `, request.command];
}

export interface MenuSpec { title: string; client?: string | undefined; pane?: string | undefined; items: MenuItem[] }

export function menuArgs(spec: MenuSpec): string[] {
  const args = ["display-menu", ...(spec.client ? ["-c", spec.client] : []), ...(spec.pane ? ["-t", spec.pane] : []), "-T", ` ${formatLiteral(spec.title)} `, "-x", "C", "-y", "C", "--"];
  for (const item of spec.items) {
    if (item.kind === "separator") args.push("");
    else if (item.kind === "header") args.push(`-#[bold]${formatLiteral(item.label)}`, "", "");
    else args.push(`${item.disabled ? "-" : ""}${formatLiteral(item.label)}`, item.key, escapeExpand(item.command));
  }
  return args;
}
