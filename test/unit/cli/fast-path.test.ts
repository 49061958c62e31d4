import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { COMMAND_PATHS } from "../../../src/cli/command-paths.ts";
import { FAST_VERBS, parseFast, parseFastSwitch as fastSwitchArgs } from "../../../src/cli/fast-path.ts";
import { commandPaths } from "../../../src/cli/menu.ts";
import { buildProgram } from "../../../src/cli/program.ts";
import { VERSION } from "../../../src/cli/version.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
/** What the key-bound verbs must never load: each costs them more than their start-up budget. */
const BANNED = /^(commander|execa|yaml)(\/|$)/;
/**
 * Lazy imports the fast path may reach, each a dynamic import() that runs only when it must
 * (a static import of the same module fails the test): from → to, and why.
 */
const ALLOWED_LAZY = new Map([
  ["src/cli/fast-verbs/run.ts → src/config/config.ts", "the verbs that read the config load it when they run (and the YAML parser only when there is a config file)"],
  ["src/cli/switcher-settings.ts → src/config/config.ts", "the switcher reads the config only when a config file exists"],
  ["src/cli/manage.ts → execa", "attach (in the same file as kill) loads execa when it runs; kill never does"],
]);

interface Edge { to: string; lazy: boolean }

/** A module's imports: static ones (type-only ones dropped, as the compiler drops them) and dynamic import("…") of literals. */
export function importsOf(text: string): Edge[] {
  const statics = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+"([^"]+)"/gm), ...text.matchAll(/^\s*import\s+"([^"]+)"/gm)];
  const dynamics = [...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)];
  return [...statics.map((m) => ({ to: m[1] ?? "", lazy: false })), ...dynamics.map((m) => ({ to: m[1] ?? "", lazy: true }))];
}

/** Every chain from the entry to a banned package, through relative imports, not through an allowed lazy import. */
export function bannedChains(entry: string, read: (file: string) => string | null): string[] {
  const name = (file: string) => relative(ROOT, file);
  const parent = new Map<string, string | null>([[entry, null]]);
  const chain = (file: string): string[] => { const up = parent.get(file); return up ? [...chain(up), name(file)] : [name(file)]; };
  const found: string[] = [];
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const text = read(file);
    if (text === null) continue;
    for (const edge of importsOf(text)) {
      const relativeImport = edge.to.startsWith(".");
      const target = relativeImport ? resolve(dirname(file), edge.to) : edge.to;
      if (edge.lazy && ALLOWED_LAZY.has(`${name(file)} → ${relativeImport ? name(target) : target}`)) continue;
      if (!relativeImport) {
        if (BANNED.test(edge.to)) found.push([...chain(file), edge.to].join(" → "));
      } else if (!parent.has(target)) {
        parent.set(target, file);
        queue.push(target);
      }
    }
  }
  return found;
}

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
