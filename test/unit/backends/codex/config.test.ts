import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { setNotify, setTrustRecord } from "../../../../src/backends/codex/config.ts";
import { scanToml } from "../../../../src/backends/codex/toml.ts";
import { throwsLine } from "../../../helpers/assert-error.ts";

const SCRIPT = "/a/agentmux-codex-notify";
const record = { key: "/h/hooks.json:stop:1:0", hash: "sha256:ab" };
const TABLE = '[hooks.state."/h/hooks.json:stop:1:0"]';

describe("setTrustRecord", () => {
  const rows: Array<[string, string, string]> = [
    ["empty file", "", `${TABLE}\ntrusted_hash = "sha256:ab"\n`],
    ["appends after a blank line", 'model = "o3"\n', `model = "o3"\n\n${TABLE}\ntrusted_hash = "sha256:ab"\n`],
    ["no final newline", 'model = "o3"', `model = "o3"\n\n${TABLE}\ntrusted_hash = "sha256:ab"\n`],
    ["replaces a stale hash, keeps enabled", `${TABLE}\nenabled = true\ntrusted_hash = "sha256:00" # old\n[x]\n`, `${TABLE}\nenabled = true\ntrusted_hash = "sha256:ab" # old\n[x]\n`],
    ["adds the hash to an existing table", `${TABLE}\nenabled = false\n`, `${TABLE}\ntrusted_hash = "sha256:ab"\nenabled = false\n`],
    ["leaves a correct record alone", `${TABLE}\ntrusted_hash = "sha256:ab"\n`, `${TABLE}\ntrusted_hash = "sha256:ab"\n`],
    ["other keys untouched", '[hooks.state."/h/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:zz"\n', `[hooks.state."/h/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:zz"\n\n${TABLE}\ntrusted_hash = "sha256:ab"\n`],
  ];
  for (const [name, text, expected] of rows) it(name, () => assert.equal(setTrustRecord(text, record), expected));

  it("quotes a key with quotes and backslashes", () => {
    const out = setTrustRecord("", { key: 'C:\\x"y', hash: "h" });
    assert.equal(out, '[hooks.state."C:\\\\x\\"y"]\ntrusted_hash = "h"\n');
    const header = scanToml(out)[0];
    assert.deepEqual(header?.kind === "header" ? header.keys : [], ["hooks", "state", 'C:\\x"y']);
  });

  const refused: Array<[string, string]> = [
    ["inline state", "[hooks]\nstate = {}\n"],
    ["inline hooks", "hooks = { }\n"],
    ["dotted record", `[hooks.state]\n"${record.key}".trusted_hash = "x"\n`],
  ];
  for (const [name, text] of refused) {
    it(`refuses ${name}`, () => throwsLine(() => setTrustRecord(text, record, "/h/config.toml"), /^\/h\/config\.toml: hooks\.state\."\/h\/hooks\.json:stop:1:0" is written in a form agentmux cannot edit \(write it as a \[hooks\.state\./));
  }
  it("refuses a file that is not TOML", () => throwsLine(() => setTrustRecord('a = "x\n', record, "c.toml"), /^c\.toml: line 1: unterminated string: not TOML/));
});

describe("setNotify", () => {
  const rows: Array<[string, string, string]> = [
    ["empty file", "", `notify = ["${SCRIPT}"]\n`],
    ["before the first table", 'model = "o3"\n\n[tui]\nx = 1\n', `model = "o3"\n\nnotify = ["${SCRIPT}"]\n\n[tui]\nx = 1\n`],
    ["chains the user's program", 'notify = ["notify-send", "Codex"] # mine\n', `notify = ["${SCRIPT}", "notify-send", "Codex"] # mine\n`],
    ["replaces another checkout's forwarder", 'notify = ["/old/agentmux-codex-notify", "say"]\n', `notify = ["${SCRIPT}", "say"]\n`],
    ["idempotent", `notify = ["${SCRIPT}"]\n`, `notify = ["${SCRIPT}"]\n`],
    ["a notify inside a table is not the setting", "[tui]\nnotify = true\n", `notify = ["${SCRIPT}"]\n\n[tui]\nnotify = true\n`],
  ];
  for (const [name, text, expected] of rows) it(name, () => assert.equal(setNotify(text, SCRIPT), expected));
  it("refuses a notify that is not an array of strings", () => {
    throwsLine(() => setNotify('notify = "say"\n', SCRIPT, "c.toml"), /^c\.toml: notify is not an array of strings \(write it as notify = \["program", "argument"\]/);
  });
});
