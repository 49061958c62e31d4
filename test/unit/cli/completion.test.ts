import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildProgram } from "../../../src/cli/program.ts";
import { completionScript, completionTree, SHELLS } from "../../../src/cli/completion.ts";

const has = (shell: string) => spawnSync("sh", ["-c", `command -v ${shell}`]).status === 0;

/** Run SCRIPT's completion in a real bash for each line of words (the last one is the word being completed). */
function bashComplete(script: string, lines: string[][]): string[] {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-completion-"));
  try {
    writeFileSync(join(dir, "c.bash"), script);
    const calls = lines.map((words) => `COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _agentmux; echo "\${COMPREPLY[*]}"`);
    const r = spawnSync("bash", ["--norc", "--noprofile", "-c", `source ${join(dir, "c.bash")}\n${calls.join("\n")}`], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.split("\n").slice(0, lines.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("agentmux completion", () => {
  const program = buildProgram();

  it("the tree holds every visible command, alias and flag, and no hidden one", () => {
    const tree = new Map(completionTree(program).map((n) => [n.path, n]));
    assert.deepEqual(tree.get("")?.subcommands.map((s) => s.name).filter((n) => ["ls", "list", "completion", "read", "account"].includes(n)), ["list", "ls", "read", "account", "completion"]);
    assert.ok(!tree.get("")?.subcommands.some((s) => s.name === "run"));
    assert.deepEqual(tree.get("daemon")?.subcommands.map((s) => s.name), ["start", "stop", "status", "logs"], "daemon run is hidden");
    assert.deepEqual(tree.get("ls")?.flags, tree.get("list")?.flags);
    const flags = (path: string) => tree.get(path)?.flags.flatMap((f) => f.names) ?? [];
    assert.deepEqual(flags("read"), ["-n", "--tail", "--transcript", "--last", "--json", "-t", "--target", "-h", "--help"]);
    assert.ok(!flags("snooze").includes("--ask") && !flags("snooze").includes("--client"), "key binding flags stay out");
    assert.ok(!flags("detect").includes("--agent") && flags("detect").includes("--backend"), "old spellings stay out");
    assert.ok(flags("").includes("--socket-name") && flags("").includes("-L"));
  });

  it("bash: commands, subcommands and flags complete in a real bash; flag values and positionals are left to files", { skip: !has("bash") }, () => {
    const got = bashComplete(completionScript(program, "bash"), [
      ["agentmux", "re"],
      ["agentmux", "read", "-"],
      ["agentmux", "account", "l"],
      ["agentmux", "-L", "sock", "rea"],
      ["agentmux", "--socket-name=sock", "daemon", ""],
      ["agentmux", "snooze", "--"],
      ["agentmux", "ls", "--"],
      ["agentmux", "read", "-n", "5", "--j"],
      ["agentmux", "new", "--dir", ""],
      ["agentmux", "read", "build", ""],
      ["agentmux", "completion", ""],
    ]);
    assert.deepEqual(got, [
      "read rename restart resume restore remote review",
      "-n --tail --transcript --last --json -t --target -h --help",
      "list login",
      "read",
      "start stop status logs",
      "--on --off --json --target --help",
      "--group --json --help",
      "--json",
      "",
      "",
      "bash zsh fish",
    ]);
  });

  for (const shell of SHELLS) {
    it(`${shell}: the script is valid ${shell} and names every command`, { skip: !has(shell) }, () => {
      const script = completionScript(program, shell);
      const dir = mkdtempSync(join(tmpdir(), "agentmux-completion-"));
      try {
        writeFileSync(join(dir, `c.${shell}`), script);
        const r = spawnSync(shell, ["-n", join(dir, `c.${shell}`)], { encoding: "utf8" });
        assert.equal(r.status, 0, r.stderr);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      for (const name of ["new", "read", "daemon", "account", "completion", "--target", "tail"]) assert.ok(script.includes(name), name);
      assert.doesNotMatch(script, /--ask|\bdaemon run\b/);
    });
  }

  it("fish: complete -C in a real fish gives subcommands and flags", { skip: !has("fish") }, () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-completion-"));
    try {
      writeFileSync(join(dir, "c.fish"), completionScript(program, "fish"));
      const r = spawnSync("fish", ["--no-config", "-c", `source ${join(dir, "c.fish")}; complete -C 'agentmux account l'; echo ==; complete -C 'agentmux -L x read --t'`], { encoding: "utf8" });
      assert.equal(r.status, 0, r.stderr);
      const [subs, flags] = r.stdout.split("==\n").map((part) => part.trim().split("\n").map((l) => l.split("\t")[0]));
      assert.deepEqual(subs, ["list", "login"]);
      assert.deepEqual(flags, ["--tail", "--target", "--transcript"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("zsh: the completion function offers the path's commands and flags", { skip: !has("zsh") }, () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-completion-"));
    try {
      writeFileSync(join(dir, "c.zsh"), completionScript(program, "zsh"));
      // Outside a completion widget: stub the completion system's builtins the function calls.
      const driver = [
        "compdef() { :; }", "_describe() { print -r -- \"${(P)4}\"; }", "_files() { print -r -- FILES; }",
        `source ${join(dir, "c.zsh")}`,
        "t() { words=(\"$@\"); CURRENT=${#words}; _agentmux; }",
        "t agentmux -L x account l", "t agentmux read -", "t agentmux read build ''",
      ].join("\n");
      const r = spawnSync("zsh", ["-f", "-c", driver], { encoding: "utf8" });
      assert.equal(r.status, 0, r.stderr);
      const [subs, flags, files] = r.stdout.trim().split("\n");
      assert.match(subs ?? "", /^list\\:every declared account.* login\\:run the CLI's login flow/);
      assert.match(flags ?? "", /^-n\\:the last N lines.* --target\\:the session/);
      assert.equal(files, "FILES");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
