import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { displayMessageArgs, pipePaneArgs, renameWindowArgs, runShellArgs, shownWindowName, startDirArg, windowNameArg } from "../../src/tmux/commands.ts";
import { commandLine } from "../../src/tmux/control-parser.ts";
import { commandPromptArgs, menuArgs } from "../../src/tmux/menu.ts";
import { argvWord, escapeExpand, THEN, cleanLine, formatLiteral, joinFormats, literal, style, timeFormatLiteral } from "../../src/tmux/safe-text.ts";

const INVALID_UTF8 = Buffer.from([0x61, 0xff, 0xfe, 0x62]).toString("utf8");

describe("text made safe for tmux", () => {
  const table: Array<[string, string, string, string]> = [
    // input, formatLiteral, timeFormatLiteral, why
    ["#(touch /tmp/pwned)", "##(touch /tmp/pwned)", "##(touch /tmp/pwned)", "a command"],
    ["#{pane_id}", "##{pane_id}", "##{pane_id}", "a variable"],
    ["#[fg=red]x", "##[fg=red]x", "##[fg=red]x", "a style"],
    ["%4'", "%4'", "%%4'", "strftime"],
    ["100% done %H", "100% done %H", "100%% done %%H", "strftime"],
    ["a\nb\r\tc", "a b  c", "a b  c", "newlines and tabs end a control-mode command"],
    ["\x1b[31mred\x07", " [31mred ", " [31mred ", "escape codes"],
    ["\u0085x\u009b", " x ", " x ", "C1 controls"],
    [INVALID_UTF8, "a\uFFFD\uFFFDb", "a\uFFFD\uFFFDb", "bytes that are not UTF-8"],
    ["\uD800x\uDC00", "\uFFFDx\uFFFD", "\uFFFDx\uFFFD", "lone surrogates"],
    ["it's \"q\" $HOME ;", "it's \"q\" $HOME ;", "it's \"q\" $HOME ;", "quotes and shell words are data"],
    ["##", "####", "####", "already doubled"],
  ];
  for (const [input, format, time, why] of table) {
    it(`${why}: ${JSON.stringify(input)}`, () => {
      assert.equal(formatLiteral(input), format);
      assert.equal(timeFormatLiteral(input), time);
    });
  }

  it("a 10 kB text is cut to MAX_TEXT characters, ending in …", () => {
    const long = cleanLine("x".repeat(10_000));
    assert.equal([...long].length, 1000);
    assert.ok(long.endsWith("…"));
    assert.equal(cleanLine("é".repeat(1000)), "é".repeat(1000), "counted in characters, not bytes");
  });

  it("styles are only ours, and joined formats keep text literal", () => {
    assert.equal(joinFormats([style("fg=red"), literal("#x"), style("default")], ""), "#[fg=red]##x#[default]");
    assert.equal(joinFormats([literal("a"), "", literal("b")], " # "), "a ## b");
    assert.throws(() => style("fg=red]#(x)" as "fg=red"));
  });

  it("text that is expanded but never drawn keeps # before [ single", () => {
    assert.equal(escapeExpand("#(a)#[b]##[c]#"), "##(a)#[b]##[c]##");
  });

  it("an argument ending in ; does not end a one-shot command", () => {
    assert.equal(argvWord("a;"), "a\\;");
    assert.equal(argvWord("a\\;"), "a\\\\;");
    assert.equal(argvWord(";"), "\\;", "a text ; (the tenth switcher key)");
    assert.equal(argvWord(THEN), ";", "the separator");
    assert.equal(commandLine(["set-option", "@k", ";", THEN, "set-option", "@j", "v;"]), "set-option @k ';' ; set-option @j 'v;'", "control mode: the same meaning");
    assert.equal(argvWord("a;b"), "a;b");
  });
});

describe("tmux commands that expand formats escape their text themselves", () => {
  it("window names (new-window -n, rename-window) and start directories", () => {
    assert.equal(windowNameArg("#(touch x)#[fg=red]X%H"), "##(touch x)##[fg=red]X%H");
    assert.deepEqual(renameWindowArgs("%12", "#{pane_id}\nx"), ["rename-window", "-t", "%12", "##{pane_id} x"]);
    assert.equal([...shownWindowName("n".repeat(10_000))].length, 200);
    assert.equal(startDirArg("/r/#(x) %H"), "/r/##(x) %H");
    assert.equal(startDirArg("/r/#[fg=red]/##[x]/#{y}#[z]"), "/r/#[fg=red]/##[x]/##{y}#[z]", "expansion keeps # runs before [ as they are");
    assert.equal(shownWindowName("a#[fg=red]b##[c]"), "a##[fg=red]b####[c]", "kept doubled before [, so the status line draws it as text");
  });

  it("pipe-pane: argv quoted, # and % doubled (pane %4' would be a strftime width)", () => {
    assert.deepEqual(pipePaneArgs("%14", ["/bin/watch", "%14", "/d/#x"]), ["pipe-pane", "-O", "-t", "%14", "exec '/bin/watch' '%%14' '/d/##x'"]);
    assert.deepEqual(pipePaneArgs("%14"), ["pipe-pane", "-t", "%14"]);
  });

  it("run-shell: argv quoted, # doubled (run-shell has no strftime)", () => {
    assert.deepEqual(runShellArgs(["echo", "#(x)", "%12"], { background: true }), ["run-shell", "-b", "'echo' '##(x)' '%12'"]);
  });

  it("display-message and command-prompt texts (formats and strftime)", () => {
    assert.deepEqual(displayMessageArgs({ client: "/dev/pts/3", text: "#(x) 5% a\nb" }), ["display-message", "-c", "/dev/pts/3", "##(x) 5%% a b"]);
    assert.deepEqual(commandPromptArgs({ client: "c", prompt: "snooze #[bold]%H:", initial: "#{x}", template: "run-shell x" }), ["command-prompt", "-t", "c", "-I", "##{x}", "-p", "snooze ##[bold]%%H:", "run-shell x"]);
  });

  it("menu titles and labels", () => {
    const args = menuArgs({ title: "#(t)", items: [{ kind: "item", label: "#[fg=red]s\n", key: "a", command: "run-shell x" }, { kind: "header", label: "#{h}" }] });
    assert.deepEqual(args.slice(1, 3), ["-T", " ##(t) "]);
    assert.ok(args.includes("##[fg=red]s "));
    assert.ok(args.includes("-#[bold]##{h}"));
  });
});
