import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { buildProgram, helpOnlyForKnown } from "../../../src/cli/program.ts";

/** An unknown command with --help fails as the bare unknown command does (exit 2), never the root help and 0. */
describe("--help after a command that does not exist", () => {
  const program = buildProgram({ jsonErrors: true });
  const run = async (...args: string[]) => {
    try {
      await buildProgram({ jsonErrors: true }).parseAsync(helpOnlyForKnown(program, ["node", "agentmux", ...args]));
      return { code: 0, error: "" };
    } catch (error) {
      const e = error as { exitCode?: number; code?: string };
      return { code: e.exitCode ?? 1, error: e.code ?? "" };
    }
  };
  it("is dropped for an unknown command, after global options too: commander says unknown command", async () => {
    assert.deepEqual(helpOnlyForKnown(program, ["node", "agentmux", "frobnicate", "--help"]), ["node", "agentmux", "frobnicate"]);
    assert.deepEqual(helpOnlyForKnown(program, ["node", "agentmux", "-L", "x", "frobnicate", "-h"]), ["node", "agentmux", "-L", "x", "frobnicate"]);
    assert.deepEqual(await run("frobnicate", "--help"), await run("frobnicate"));
    assert.equal((await run("frobnicate", "--help")).error, "commander.unknownCommand");
  });
  it("is kept for a command that exists, an alias, and the root", () => {
    for (const args of [["list", "--help"], ["ls", "-h"], ["--help"], ["help", "list"]]) {
      assert.deepEqual(helpOnlyForKnown(program, ["node", "agentmux", ...args]), ["node", "agentmux", ...args]);
    }
  });
});
