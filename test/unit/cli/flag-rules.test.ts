import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Command } from "commander";
import { buildProgram } from "../../../src/cli/program.ts";
import { HIDDEN_ALIASES, KEY_BINDING_FLAGS, commandPath } from "../../../src/cli/flag-rules.ts";
import { hoistTarget, takesTarget } from "../../../src/cli/target-flag.ts";

function* walk(command: Command): Generator<Command> {
  yield command;
  for (const sub of command.commands) yield* walk(sub);
}
const byPath = (program: Command, path: string) => [...walk(program)].find((c) => commandPath(c) === path) as Command;

describe("the CLI's flags", () => {
  const program = buildProgram();

  it("one meaning per short flag across every command (help and version included)", () => {
    const meanings = new Map<string, Map<string, string[]>>([["-h", new Map([["--help", ["(every command)"]]])], ["-V", new Map([["--version", [""]]])]]);
    for (const command of walk(program)) {
      for (const option of command.options) {
        if (!option.short) continue;
        const longs = meanings.get(option.short) ?? new Map<string, string[]>();
        longs.set(option.long ?? "", [...(longs.get(option.long ?? "") ?? []), commandPath(command) || "agentmux"]);
        meanings.set(option.short, longs);
      }
    }
    const clashes = [...meanings].filter(([, longs]) => longs.size > 1).map(([short, longs]) => `${short}: ${[...longs].map(([l, where]) => `${l} (${where.join(", ")})`).join(" vs ")}`);
    assert.deepEqual(clashes, []);
    assert.deepEqual([...(meanings.get("-t")?.keys() ?? [])], ["--target"], "-t is tmux's target");
  });

  it("-t TARGET on exactly the commands whose first argument is the session", () => {
    const withTarget = [...walk(program)].filter(takesTarget).map(commandPath).sort();
    assert.deepEqual(withTarget, ["answer", "detect", "diff", "merge", "review", "exit", "explain", "group", "handoff", "keys", "kill", "read", "rename", "restart", "send", "snooze", "ungroup", "wait", "watch", "attach", "branch", "branches",
      "side", "side conclude", "side describe", "side dismiss", "side send-selection", "side toggle", "prompt capture", "prompt insert", "prompt list"].sort());
    for (const command of walk(program)) {
      const has = command.options.some((o) => o.short === "-t" && o.long === "--target");
      assert.equal(has, takesTarget(command), commandPath(command));
    }
  });

  it("-t/--target goes where TARGET goes; the other positionals follow it", () => {
    const cases: Array<[string[], string[]]> = [
      [["read", "-t", "build", "-n", "5"], ["read", "build", "-n", "5"]],
      [["send", "-t", "build", "hello", "world"], ["send", "build", "hello", "world"]],
      [["send", "--target=build", "hi"], ["send", "build", "hi"]],
      [["-L", "sock", "wait", "-s", "idle", "-tbuild", "--timeout", "3"], ["-L", "sock", "wait", "build", "-s", "idle", "--timeout", "3"]],
      [["detect", "--title", "-t"], ["detect", "--title", "-t"]],
      [["send", "a", "--", "-t", "b"], ["send", "a", "--", "-t", "b"]],
      [["send", "--from-agent", "-t", "build", "hi"], ["send", "build", "--from-agent", "hi"]],
      [["list", "-g", "-t"], ["list", "-g", "-t"]],
    ];
    for (const [argv, want] of cases) assert.deepEqual(hoistTarget(program, argv), want, argv.join(" "));
  });

  it("a parsed -t reaches the action as TARGET", async () => {
    const p = buildProgram();
    let seen: unknown[] = [];
    byPath(p, "send").action((...args: unknown[]) => { seen = args.slice(0, 2); });
    await p.parseAsync(["node", "agentmux", "send", "hello", "-t", "build", "there"]);
    assert.deepEqual(seen, ["build", ["hello", "there"]]);
  });

  it("send: no TARGET with --list; --from-agent is a flag on either side of TARGET; '-' still reads stdin", async () => {
    const seen: unknown[][] = [];
    const p = buildProgram();
    byPath(p, "send").action((target: unknown, words: unknown, options: Record<string, unknown>) => { seen.push([target, words, options["fromAgent"] ?? false, options["list"] ?? false]); });
    await p.parseAsync(["node", "agentmux", "send", "--list"]);
    await p.parseAsync(["node", "agentmux", "send", "--from-agent", "build", "hello", "there"]);
    await p.parseAsync(["node", "agentmux", "send", "build", "--from-agent", "-"]);
    await p.parseAsync(["node", "agentmux", "send", "build", "hi"]);
    assert.deepEqual(seen, [[undefined, [], false, true], ["build", ["hello", "there"], true, false], ["build", ["-"], true, false], ["build", ["hi"], false, false]]);
  });

  it("flags that exist for key bindings are hidden from help but still parse", async () => {
    for (const [path, flags] of Object.entries(KEY_BINDING_FLAGS)) {
      const help = byPath(program, path).helpInformation();
      for (const flag of flags) assert.doesNotMatch(help, new RegExp(`${flag}\\b`), `${path} ${flag}`);
    }
    const p = buildProgram();
    let options: Record<string, unknown> = {};
    byPath(p, "next").action((o: Record<string, unknown>) => { options = o; });
    await p.parseAsync(["node", "agentmux", "next", "--client", "/dev/pts/3", "--from", "%4"]);
    assert.deepEqual(options, { client: "/dev/pts/3", from: "%4" });
  });

  it("one name per idea: --backend names the agent in new, detect and account; --tail is the last N lines; old spellings still work, hidden", async () => {
    for (const path of ["new", "detect", "account login", "account init", "account sync"]) {
      assert.ok(byPath(program, path).options.some((o) => o.short === "-b" && o.long === "--backend"), path);
    }
    for (const path of ["read", "daemon logs"]) assert.ok(byPath(program, path).options.some((o) => o.short === "-n" && o.long === "--tail"), path);
    for (const [path, aliases] of Object.entries(HIDDEN_ALIASES)) {
      for (const alias of Object.keys(aliases)) assert.doesNotMatch(byPath(program, path).helpInformation(), new RegExp(`${alias}\\b`));
    }
    const p = buildProgram();
    let options: Record<string, unknown> = {};
    byPath(p, "detect").action((_t: unknown, o: Record<string, unknown>) => { options = o; });
    await p.parseAsync(["node", "agentmux", "detect", "--file", "s.txt", "--agent", "codex"]);
    assert.equal(options["backend"], "codex");
    byPath(p, "daemon logs").action((o: Record<string, unknown>) => { options = o; });
    await p.parseAsync(["node", "agentmux", "daemon", "logs", "--lines", "7"]);
    assert.equal(options["tail"], "7");
  });
});
