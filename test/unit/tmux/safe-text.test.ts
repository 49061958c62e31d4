import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { commandLine } from "../../../src/tmux/control-parser.ts";
import { argvWord, escapeExpand, THEN, cleanLine, formatLiteral, joinFormats, literal, style, timeFormatLiteral } from "../../../src/tmux/safe-text.ts";

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
