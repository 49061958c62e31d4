import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseConfig, loadConfig } from "../../../src/config/config.ts";
import { BACKEND_NAMES } from "../../../src/backends/index.ts";
import { ROOT } from "../../helpers/tmux-server.ts";
import { tmpdir } from "node:os";
import { AgentmuxError } from "../../../src/util/errors.ts";
import { makeFifo } from "../../helpers/fifo.ts";

const HOME = process.env["HOME"] ?? "";

describe("config validation", () => {
  it("an empty file gives the defaults", () => {
    const c = parseConfig("", "c.yml");
    assert.equal(c.defaultBackend, "claude");
    assert.deepEqual(c.backends, {});
  });
  it("reads backends", () => {
    const c = parseConfig("defaultBackend: codex\nbackends:\n  claude:\n    program: /opt/claude\n    args: [--verbose]\n", "c.yml");
    assert.equal(c.defaultBackend, "codex");
    assert.deepEqual(c.backends.claude, { program: "/opt/claude", args: ["--verbose"] });
  });
  const bad: Array<[string, string, RegExp]> = [
    ["unknown top key", "defaultBackend: claude\nbackend: {}\n", /c\.yml:2:1: backend: unknown key "backend" \(did you mean backends\?\)/],
    ["wrong enum", "defaultBackend: claud\n", new RegExp(`c\\.yml:1:17: defaultBackend: "claud" is not one of ${BACKEND_NAMES.join(", ")} \\(did you mean claude\\?\\)`)],
    ["unknown backend", "backends:\n  cursor: {}\n", /c\.yml:2:3: backends\.cursor: unknown key "cursor"/],
    ["args not a list", "backends:\n  claude:\n    args: --x\n", /c\.yml:3:11: backends\.claude\.args: expected a list of strings/],
    ["bool expected", "display:\n  backendSuffix: maybe\n", /c\.yml:2:18: display\.backendSuffix: expected true or false/],
    ["syntax", "backends: [\n", /c\.yml:\d+:\d+: \(syntax\)/],
    ["top not a map", "- a\n", /c\.yml:1:1: \(top level\): expected a mapping/],
  ];
  for (const [name, text, pattern] of bad) {
    it(`rejects: ${name}`, () => assert.throws(() => parseConfig(text, "c.yml"), pattern));
  }
  it("remote.requireToken: false is refused, naming the key and the fix (every device pairs); true is accepted", () => {
    assert.throws(() => parseConfig("remote:\n  port: 8787\n  requireToken: false\n", "c.yml"), (e: AgentmuxError) => {
      assert.match(e.message, /c\.yml:3:17: remote\.requireToken: false is not allowed: the phone page needs a paired device's token from every peer/);
      assert.match(e.message, /agentmux remote pair/);
      return true;
    });
    assert.equal(parseConfig("remote:\n  requireToken: true\n", "c.yml").remote.requireToken, true);
  });
  it("etc/config.example.yml is valid", () => {
    assert.doesNotThrow(() => parseConfig(readFileSync(join(ROOT, "etc", "config.example.yml"), "utf8"), "example"));
  });
});

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
      assert.equal(error.message, `${dir}: the config file is a directory, not a regular file`);
      assert.match(error.hint ?? "", /move .*config\.yml aside/);
      return true;
    });
  });
});

describe("a config file that is a FIFO", () => {
  it("is a one-line error saying so at once, exit 2 (not a hang)", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-cfg-"));
    const file = join(dir, "config.yml");
    const stop = makeFifo(file);
    try {
      assert.throws(() => loadConfig({ AGENTMUX_CONFIG: file }), (error: unknown) => {
        assert.ok(error instanceof AgentmuxError);
        assert.equal(error.exitCode, 2);
        assert.equal(error.message, `${file}: the config file is a FIFO, not a regular file`);
        return true;
      });
    } finally {
      stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("config: accounts, directory rules, usage", () => {
  it("defaults: no accounts or rules, hysteresis 10, polls every 300 s", () => {
    const c = parseConfig("", "c.yml");
    assert.deepEqual(c.directoryRules, []);
    assert.equal(c.accounts.hysteresis, 10);
    assert.deepEqual(c.usage, {
      interval: 300, maxInterval: 900, staleAfter: 1800,
      claude: { url: "https://api.anthropic.com/api/oauth/usage" }, codex: { url: "https://chatgpt.com/backend-api/wham/usage" },
    });
  });

  it("reads both account forms, pools and extra properties", () => {
    const c = parseConfig([
      "backends:",
      "  claude:",
      "    accounts:",
      "      personal: ~/.claude-personal",
      "      work-a: { home: /homes/a, pool: work, slack: T123 }",
      "  codex:",
      "    program: /opt/codex",
      "    accounts: { oss: /homes/oss }",
    ].join("\n"), "c.yml");
    assert.deepEqual(c.backends.claude?.accounts, {
      personal: { name: "personal", home: `${HOME}/.claude-personal`, pool: undefined, properties: {} },
      "work-a": { name: "work-a", home: "/homes/a", pool: "work", properties: { slack: "T123" } },
    });
    assert.deepEqual(c.backends.codex, { program: "/opt/codex", args: [], accounts: { oss: { name: "oss", home: "/homes/oss", pool: undefined, properties: {} } } });
  });

  it("reads directory rules for every backend and per backend", () => {
    const c = parseConfig([
      "backends:",
      "  claude: { accounts: { a: { home: /h/a, pool: work }, personal: /h/p } }",
      "  codex: { accounts: { b: { home: /h/b, pool: work }, oss: /h/o } }",
      "directoryRules:",
      "  - { dir: ~/repos/client, account: work }",
      "  - { dir: /srv/oss, claude: personal, codex: oss }",
      "  - { dir: /srv/only-claude, claude: a }",
      "accounts: { hysteresis: 5 }",
      "usage: { interval: 60, staleAfter: 600, claude: { url: 'http://127.0.0.1:1/u' } }",
    ].join("\n"), "c.yml");
    assert.deepEqual(c.directoryRules, [
      { dir: `${HOME}/repos/client`, selection: "work" },
      { dir: "/srv/oss", selection: { claude: "personal", codex: "oss" } },
      { dir: "/srv/only-claude", selection: { claude: "a" } },
    ]);
    assert.equal(c.accounts.hysteresis, 5);
    assert.equal(c.usage.interval, 60);
    assert.equal(c.usage.maxInterval, 900);
    assert.equal(c.usage.claude.url, "http://127.0.0.1:1/u");
  });

  const claude = "backends:\n  claude:\n    accounts:\n      a: /h/a\n";
  const bad: Array<[string, string, RegExp]> = [
    ["a mapping without home", "backends:\n  claude:\n    accounts:\n      a: { pool: p }\n", /c\.yml:4:10: backends\.claude\.accounts\.a: missing key "home" \(add home: a home directory\)/],
    ["a home that is a list", "backends:\n  claude:\n    accounts:\n      a: [x]\n", /c\.yml:4:10: backends\.claude\.accounts\.a: expected a home directory, or \{home, pool, …\}/],
    ["a relative home", "backends:\n  claude:\n    accounts:\n      a: homes/a\n", /c\.yml:4:10: backends\.claude\.accounts\.a: "homes\/a" is not an absolute path \(write it as \/absolute\/path or ~\/path\)/],
    ["a relative home in the long form", "backends:\n  claude:\n    accounts:\n      a: { home: x }\n", /c\.yml:4:18: backends\.claude\.accounts\.a\.home: "x" is not an absolute path/],
    ["a bad account name", "backends:\n  claude:\n    accounts:\n      'a b': /h\n", /c\.yml:4:14: backends\.claude\.accounts\.a b: "a b" is not a usable account name/],
    ["accounts under gemini", "backends:\n  gemini:\n    accounts: { a: /h }\n", /c\.yml:3:15: backends\.gemini\.accounts: gemini does not run under accounts \(accounts work for claude and codex; remove this key\)/],
    ["a misspelt key in an account", "backends:\n  claude:\n    acounts: {}\n", /c\.yml:3:5: backends\.claude\.acounts: unknown key "acounts" \(did you mean accounts\?\)/],
    ["a rule with both forms", `${claude}directoryRules:\n  - { dir: /x, account: a, claude: a }\n`, /directoryRules\[0\]\.claude: a rule names either one account for every backend or one per backend/],
    ["a rule with no account", `${claude}directoryRules:\n  - { dir: /x }\n`, /c\.yml:6:5: directoryRules\[0\]: the rule names no account \(add account: NAME, or claude: NAME, codex: NAME\)/],
    ["a rule without dir", `${claude}directoryRules:\n  - { account: a }\n`, /c\.yml:6:5: directoryRules\[0\]: missing key "dir"/],
    ["a rule for gemini", `${claude}directoryRules:\n  - { dir: /x, gemini: a }\n`, /directoryRules\[0\]\.gemini: unknown key "gemini"/],
    ["hysteresis out of range", "accounts: { hysteresis: 150 }\n", /c\.yml:1:25: accounts\.hysteresis: expected a number from 0 to 100/],
    ["usage interval too short", "usage:\n  interval: 1\n", /c\.yml:2:13: usage\.interval: expected a number from 10 to 86400/],
  ];
  for (const [name, text, pattern] of bad) {
    it(`rejects: ${name}`, () => assert.throws(() => parseConfig(text, "c.yml"), pattern));
  }

  // A directory rule is checked for the backend it applies to: a name one backend lacks is a
  // warning (told once), and the config loads, so the unrelated verbs keep working.
  const both = "backends:\n  claude:\n    accounts:\n      work: /h/w\n  codex:\n    accounts:\n      cx: /h/c\n";
  const warned: Array<[string, string, RegExp | null]> = [
    ["an every-backend rule naming an account only claude declares governs claude alone: no warning", `${both}directoryRules:\n  - { dir: /x, account: work }\n`, null],
    ["a rule naming an account no backend declares", `${claude}directoryRules:\n  - { dir: /x, account: wrok }\n`, /^c\.yml:6:25: directoryRules\[0\]\.account: "wrok" is not an account or pool of claude, so the rule governs nothing \(claude declares a\)$/],
    ["a per-backend rule naming an account its backend lacks", `${claude}directoryRules:\n  - { dir: /x, codex: a }\n`, /^c\.yml:6:23: directoryRules\[0\]\.codex: "a" is not an account or pool of codex: a codex session started under \/x is refused until it is \(declare accounts under backends\.codex\.accounts\)$/],
    ["a rule when nothing declares accounts", "directoryRules:\n  - { dir: /x, account: a }\n", /^c\.yml:2:25: directoryRules\[0\]\.account: "a" is not an account: no backend declares accounts, so the rule governs nothing/],
  ];
  for (const [name, text, pattern] of warned) {
    it(`loads, warning at most: ${name}`, () => {
      const c = parseConfig(text, "c.yml");
      if (pattern === null) assert.equal(c.warnings, undefined);
      else { assert.equal(c.warnings?.length, 1); assert.match(c.warnings?.[0] ?? "", pattern); }
    });
  }
});

describe("config: switcher", () => {
  it("defaults to no annotations and no cap", () => {
    assert.deepEqual(parseConfig("", "c.yml").switcher, { annotations: [], annotationMaxWidth: null });
  });
  it("reads annotation commands and the cap", () => {
    const c = parseConfig("switcher:\n  annotations: [\"git branch --show-current\"]\n  annotationMaxWidth: 0\n", "c.yml");
    assert.deepEqual(c.switcher, { annotations: ["git branch --show-current"], annotationMaxWidth: 0 });
  });
  const bad: Array<[string, string, RegExp]> = [
    ["a command that is not a string", "switcher:\n  annotations: [{a: 1}]\n", /c\.yml:2:17: switcher\.annotations\[0\]: expected a shell command/],
    ["a negative cap", "switcher:\n  annotationMaxWidth: -1\n", /c\.yml:2:23: switcher\.annotationMaxWidth: expected a number from 0 to 1000/],
    ["a misspelt key", "switcher:\n  annotation: []\n", /switcher\.annotation: unknown key "annotation" \(did you mean annotations\?\)/],
  ];
  for (const [name, text, pattern] of bad) it(`rejects ${name}`, () => assert.throws(() => parseConfig(text, "c.yml"), pattern));
});
