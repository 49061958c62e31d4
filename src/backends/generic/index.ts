import { AgentmuxError } from "../../util/errors.ts";
import type { Backend, LaunchRequest, LaunchSpec } from "../shared/types.ts";

/** Any command: run through /bin/sh with exec, so the pane's command is the program itself. */
export const generic: Backend = {
  name: "generic",
  label: "command",
  icon: "▸",
  defaultProgram: "sh",
  installHint: "check the command, or put its program on PATH",
  plainCommand: true,
  takesPrompt: false,
  readyPattern: /\S/m,
  launch(request: LaunchRequest): LaunchSpec {
    if (request.mode.kind !== "new") {
      throw new AgentmuxError(`a plain command cannot ${request.mode.kind} a conversation`, { hint: "start an agent CLI instead: agentmux new --backend NAME (agentmux new --help lists them)" });
    }
    if (!request.command) {
      throw new AgentmuxError("no command given for the generic backend", { hint: "pass --command 'CMD'" });
    }
    if (request.prompt) {
      throw new AgentmuxError("a plain command takes no --prompt", { hint: "put the input in the command, or use an agent backend" });
    }
    // A simple command is exec'd so the pane shows the program; a pipeline or list runs as written.
    const simple = !/[;&|()<>`\n]/.test(request.command);
    return { argv: ["/bin/sh", "-c", simple ? execd(request.command) : request.command], env: {} };
  },
};

/** One leading variable assignment (NAME=value, the value maybe quoted) and the blanks after it. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"(?:[^"\\]|\\.)*"|\\.|[^\s'"\\])*\s+/;

/** `exec` after the command's leading assignments (`FOO=1 exec cmd` sets FOO for cmd; `exec FOO=1 cmd` looks for a program "FOO=1"). */
function execd(command: string): string {
  let rest = command.trimStart();
  let assignments = "";
  for (let m = ASSIGNMENT.exec(rest); m; m = ASSIGNMENT.exec(rest)) {
    assignments += m[0];
    rest = rest.slice(m[0].length);
  }
  return rest === "" ? command : `${assignments}exec ${rest}`;
}
