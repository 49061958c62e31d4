import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { generic } from "../../../../src/backends/generic/index.ts";
import type { LaunchRequest } from "../../../../src/backends/shared/types.ts";
import { throwsLine } from "../../../helpers/assert-error.ts";

const request = (over: Partial<LaunchRequest>): LaunchRequest => ({ mode: { kind: "new" }, program: "sh", args: [], ...over });
const argv = (command: string) => generic.launch(request({ command })).argv;

describe("generic backend: any command", () => {
  it("a simple command is exec'd, so the pane's command is the program itself", () => {
    assert.deepEqual(generic.launch(request({ command: "htop -d 10" })), { argv: ["/bin/sh", "-c", "exec htop -d 10"], env: {} });
  });
  it("a pipeline, list, subshell, redirection or multi-line script runs as written", () => {
    for (const command of ["tail -f log | grep x", "make; make test", "a && b", "(cd x)", "cat < in", "echo `date`", "echo a\necho b", "sleep 1 &"]) {
      assert.deepEqual(argv(command), ["/bin/sh", "-c", command], command);
    }
  });
  it("quotes, #, % and unicode in a simple command reach the shell as written", () => {
    const command = "printf '%s #1 «ü»\\n' \"it's\"";
    const [sh, flag, script] = argv(command);
    assert.equal(script, `exec ${command}`);
    assert.equal(execFileSync(sh ?? "", [flag ?? "", script ?? ""], { encoding: "utf8" }), "it's #1 «ü»\n");
  });
  it("a simple command that begins with a variable assignment runs with the variable set", () => {
    const [sh, flag, script] = argv("AGENTMUX_T='a b' printenv AGENTMUX_T");
    assert.equal(execFileSync(sh ?? "", [flag ?? "", script ?? ""], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }), "a b\n");
    const two = argv(`A_1="x \\" y" AGENTMUX_T=é%# printenv A_1 AGENTMUX_T`);
    assert.equal(two[2], `A_1="x \\" y" AGENTMUX_T=é%# exec printenv A_1 AGENTMUX_T`);
    assert.equal(execFileSync(two[0] ?? "", [two[1] ?? "", two[2] ?? ""], { encoding: "utf8" }), "x \" y\né%#\n");
  });
  it("refuses to resume or fork, saying which agents can", () => {
    throwsLine(() => generic.launch(request({ mode: { kind: "resume", id: "abc" }, command: "sh" })), /^a plain command cannot resume a conversation \(start an agent CLI instead: agentmux new --backend NAME \(agentmux new --help lists them\)\)$/);
    throwsLine(() => generic.launch(request({ mode: { kind: "fork", id: "abc" }, command: "sh" })), /^a plain command cannot fork a conversation/);
  });
  it("without a command, says to pass one", () => {
    throwsLine(() => generic.launch(request({})), /^no command given for the generic backend \(pass --command 'CMD'\)$/);
    throwsLine(() => generic.launch(request({ command: "" })), /pass --command 'CMD'/);
  });
  it("refuses a prompt, which a plain command could not take", () => {
    throwsLine(() => generic.launch(request({ command: "vim", prompt: "fix it" })), /^a plain command takes no --prompt \(put the input in the command, or use an agent backend\)$/);
  });
  it("any output at all means the command is ready", () => {
    assert.equal(generic.readyPattern.test("   \n\t"), false);
    assert.equal(generic.readyPattern.test("\n\n$ "), true);
  });
});
