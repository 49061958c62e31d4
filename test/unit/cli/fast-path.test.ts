import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { COMMAND_PATHS } from "../../../src/cli/command-paths.ts";
import { FAST_VERBS, parseFast, parseFastSwitch as fastSwitchArgs } from "../../../src/cli/fast-path.ts";
import { commandPaths } from "../../../src/cli/menu.ts";
import { buildProgram } from "../../../src/cli/program.ts";
import { VERSION } from "../../../src/cli/version.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
/** A commander command's options and arguments in the fast path's terms. */
function shape(command: Command) {
  const options = Object.fromEntries(command.options.filter((o) => o.long !== "--help").map((o) => [
    (o.long ?? "").replace(/^--/, ""),
    { type: o.required || o.optional ? "string" : "boolean", ...(o.short ? { short: o.short.replace(/^-/, "") } : {}) },
  ]));
  const args = command.registeredArguments;
  const min = args.filter((a) => a.required).length;
  return { options, positionals: [min, args.some((a) => a.variadic) ? Infinity : args.length] };
}

describe("the fast path answers as the full CLI would", () => {
  const program = buildProgram();
  for (const [verb, spec] of Object.entries(FAST_VERBS)) {
    it(`${verb}: the same options and arguments as commander's`, () => {
      const command = program.commands.find((c) => c.name() === verb || c.aliases().includes(verb));
      assert.ok(command, `no command ${verb}`);
      assert.deepEqual({ options: spec.options, positionals: spec.positionals }, shape(command));
    });
  }

  it("the menu's command paths are the ones the CLI registers (less the per-agent setup commands)", () => {
    assert.deepEqual([...COMMAND_PATHS].sort(), [...commandPaths(program)].filter((p) => !p.startsWith("setup ")).sort());
  });

  it("--version prints the package's version", () => {
    assert.equal(VERSION, (JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as { version: string }).version);
    assert.equal(program.version(), VERSION);
  });

  const rows: Array<[string[], string | null]> = [
    [["--version"], "--version"], [["-V"], "--version"], [["-L", "x", "next", "--client", "/dev/pts/1", "--from", "%1"], "next"],
    [["snooze", "--ask", "--client=c", "%3"], "snooze"], [["snooze", "%3", "2"], "snooze"], [["menu", "--print", "--pane", "%1"], "menu"],
    [["inbox", "--json"], "inbox"], [["inbox", "--client", "/dev/pts/1"], "inbox"], [["inbox", "x"], null],
    [["kill", "%3"], "kill"], [["kill", "-y", "%3"], "kill"], [["ls", "-g", "web"], "ls"], [["publish", "a", "b"], "publish"], [["hook", "working"], "hook"],
    [["next", "--help"], null], [["next", "extra"], null], [["kill"], null], [["kill", "a", "b"], null], [["snooze", "a", "b", "c"], null],
    [["list", "--bogus"], null], [["menu", "--client"], null], [["hook", "--help"], null], [["publish", "-x"], null], [["new"], null], [["--version", "x"], null],
  ];
  for (const [args, verb] of rows) it(`${args.join(" ")}: ${verb ?? "the full CLI"}`, () => assert.equal(parseFast(args)?.verb ?? null, verb));
});

describe("the switch fast path", () => {
  const rows: Array<[string[], unknown]> = [
    [["switch"], { server: {} }],
    [["-L", "x", "switch", "--client", "/dev/pts/1"], { server: { socketName: "x" }, client: "/dev/pts/1" }],
    [["--socket-path=/s", "switch", "--client=/dev/pts/2"], { server: { socketPath: "/s" }, client: "/dev/pts/2" }],
    [["switch", "--help"], null], [["list"], null], [["-L"], null], [[], null], [["switch", "extra"], null],
  ];
  for (const [args, expected] of rows) it(args.join(" ") || "(nothing)", () => assert.deepEqual(fastSwitchArgs(args), expected));
});
