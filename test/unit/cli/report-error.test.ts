import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { CommanderError } from "commander";
import { reportError, wantsJson } from "../../../src/cli/report-error.ts";
import { AgentmuxError, EXIT } from "../../../src/util/errors.ts";

const MAIN = join(import.meta.dirname, "..", "..", "..", "src", "cli", "main.ts");
const cli = (args: string[]) => spawnSync(process.execPath, ["--import", "tsx", MAIN, ...args], {
  encoding: "utf8", cwd: join(import.meta.dirname, "..", "..", ".."), env: { ...process.env, AGENTMUX_HOME: "/nonexistent/agentmux-home", TMUX: "" },
});

/** Call reportError with stdout and stderr captured. */
function report(error: unknown, argv: string[]): { code: number; out: string; err: string } {
  let out = "";
  let err = "";
  const [o, e] = [process.stdout.write, process.stderr.write];
  process.stdout.write = ((s: string) => { out += s; return true; }) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => { err += s; return true; }) as typeof process.stderr.write;
  try {
    return { code: reportError(error, argv), out, err };
  } finally {
    [process.stdout.write, process.stderr.write] = [o, e];
  }
}

describe("errors and exit codes", () => {
  it("the exit codes are distinct", () => {
    const codes = Object.values(EXIT);
    assert.equal(new Set(codes).size, codes.length);
    assert.deepEqual(EXIT, { ok: 0, failure: 1, usage: 2, daemonDown: 3, anotherDaemon: 4, timeout: 75, unexpected: 70 });
  });

  it("--json (before any --) asks for JSON errors", () => {
    assert.equal(wantsJson(["node", "agentmux", "read", "x", "--json"]), true);
    assert.equal(wantsJson(["node", "agentmux", "send", "x", "--", "--json"]), false);
    assert.equal(wantsJson(["node", "agentmux", "read", "x"]), false);
  });

  it("an agentmux error: one line on stderr, or under --json {ok: false, error, hint} on stdout; its own exit code", () => {
    const error = new AgentmuxError('no session "x"', { hint: "agentmux list shows them" });
    assert.deepEqual(report(error, ["node", "agentmux", "read", "x"]), { code: 1, out: "", err: 'agentmux: no session "x" (agentmux list shows them)\n' });
    const json = report(new AgentmuxError("late", { exitCode: EXIT.timeout }), ["node", "agentmux", "wait", "--json"]);
    assert.equal(json.code, EXIT.timeout);
    assert.equal(json.err, "");
    assert.deepEqual(JSON.parse(json.out), { ok: false, error: "late", exitCode: 75 });
  });

  it("a usage error exits 2; help and version exit 0", () => {
    assert.equal(report(new CommanderError(1, "commander.unknownOption", "error: unknown option '--x'"), ["node", "agentmux", "read", "--x"]).code, EXIT.usage);
    assert.equal(report(new CommanderError(0, "commander.helpDisplayed", "(outputHelp)"), ["node", "agentmux", "--help"]).code, 0);
    const json = report(new CommanderError(1, "commander.missingArgument", "error: missing required argument 'target'"), ["node", "agentmux", "read", "--json"]);
    assert.deepEqual(JSON.parse(json.out), { ok: false, error: "missing required argument 'target'", hint: "run agentmux --help for usage", exitCode: 2 });
  });

  it("an unexpected error exits 70 with its stack", () => {
    const r = report(new TypeError("boom"), ["node", "agentmux", "list"]);
    assert.equal(r.code, EXIT.unexpected);
    assert.match(r.err, /^agentmux: unexpected error: TypeError: boom\n\s+at /);
  });

  it("the CLI: a usage error under --json is JSON on stdout and nothing on stderr, exit 2; without --json commander's text, exit 2", () => {
    const json = cli(["read", "--json"]);
    assert.equal(json.status, EXIT.usage, json.stderr);
    assert.equal(json.stderr, "");
    assert.deepEqual(JSON.parse(json.stdout), { ok: false, error: "missing required argument 'target'", hint: "run agentmux --help for usage", exitCode: 2 });
    const text = cli(["read", "--bogus"]);
    assert.equal(text.status, EXIT.usage);
    assert.match(text.stderr, /^error: unknown option '--bogus'/);
    const bad = cli(["completion", "tcsh"]);
    assert.equal(bad.status, EXIT.usage);
    assert.match(bad.stderr, /^error: command-argument value 'tcsh' is invalid for argument 'shell'\. Allowed choices are bash, zsh, fish\./);
    const failed = cli(["detect", "--json"]);
    assert.equal(failed.status, EXIT.failure);
    assert.deepEqual(JSON.parse(failed.stdout), {
      ok: false, error: "nothing to detect: give a TARGET, or --file SCREEN --agent NAME",
      hint: "e.g. agentmux detect %3, or agentmux detect --file screen.txt --agent claude --explain", exitCode: 1,
    });
  });
});
