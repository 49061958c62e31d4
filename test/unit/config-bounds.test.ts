import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, parseConfig } from "../../src/config/config.ts";
import { AgentmuxError } from "../../src/util/errors.ts";

describe("config numbers are finite and within each option's range", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["1e400 (Infinity)", "usage:\n  interval: 1e400\n", /c\.yml:2:13: usage\.interval: expected a number from 10 to 86400 \(set usage\.interval to a number from 10 to 86400\)/],
    [".inf", "usage:\n  staleAfter: .inf\n", /usage\.staleAfter: expected a number from 1 to 604800/],
    [".nan", "exit:\n  timeout: .nan\n", /exit\.timeout: expected a number from 1 to 86400/],
    ["a year of backoff", "usage:\n  maxInterval: 31536000\n", /usage\.maxInterval: expected a number from 10 to 604800/],
    ["a huge annotation width", "switcher:\n  annotationMaxWidth: 1e9\n", /switcher\.annotationMaxWidth: expected a number from 0 to 1000/],
    ["-1e400", "accounts:\n  hysteresis: -1e400\n", /accounts\.hysteresis: expected a number from 0 to 100/],
  ];
  for (const [name, text, message] of cases) {
    it(`rejects ${name}`, () => {
      assert.throws(() => parseConfig(text, "c.yml"), (error: unknown) => error instanceof AgentmuxError && error.exitCode === 2 && message.test(error.message));
    });
  }

  it("accepts the edges of each range", () => {
    const c = parseConfig("usage:\n  interval: 86400\n  maxInterval: 604800\n  staleAfter: 1\nexit:\n  timeout: 86400\n", "c.yml");
    assert.equal(c.usage.interval, 86400);
    assert.equal(c.exit.timeout, 86400);
  });
});

describe("a config path that is not a readable file", () => {
  it("a directory is a one-line error naming it and the fix, exit 2 (not a stack trace)", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "agentmux-cfg-")), "config.yml");
    mkdirSync(dir);
    assert.throws(() => loadConfig({ AGENTMUX_CONFIG: dir }), (error: unknown) => {
      assert.ok(error instanceof AgentmuxError);
      assert.equal(error.exitCode, 2);
      assert.equal(error.message, `${dir}: the config file is a directory, not a file`);
      assert.match(error.hint ?? "", /move .*config\.yml aside/);
      return true;
    });
  });
});
