import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_CONFIG, type Config } from "../../../src/config/config.ts";
import { ConfigSource } from "../../../src/config/source.ts";
import { configPath, writeConfig } from "../../helpers/config.ts";

let home: string;
let log: string[];
let sources: ConfigSource[];
let tick = 0;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "agentmux config source #1 "));
  log = [];
  sources = [];
});
afterEach(() => {
  for (const s of sources) s.close();
  rmSync(home, { recursive: true, force: true });
});

function open(): ConfigSource {
  const source = new ConfigSource((line) => log.push(line), { AGENTMUX_HOME: home });
  sources.push(source);
  return source;
}

/** Rewrite config.yml with a modification time of its own, so the change shows whatever the clock's resolution. */
function rewrite(text: string): void {
  writeFileSync(configPath(home), text);
  tick += 1;
  utimesSync(configPath(home), 1_700_000_000 + tick, 1_700_000_000 + tick);
}

describe("ConfigSource", () => {
  it("without a file it gives the defaults and logs nothing", () => {
    const source = open();
    assert.equal(source.file, configPath(home));
    assert.deepEqual(source.get(), { ...DEFAULT_CONFIG, file: undefined });
    assert.deepEqual(log, []);
  });

  it("reads the file when it starts, quietly", () => {
    writeConfig(home, { notify: { enabled: false, command: "notify-send \"agentmux #1\" 100%" } });
    const config = open().get();
    assert.equal(config.notify.enabled, false);
    assert.equal(config.notify.command, "notify-send \"agentmux #1\" 100%");
    assert.equal(config.file, configPath(home));
    assert.deepEqual(log, []);
  });

  it("get() after a write sees the new config at once, tells the listeners the new and the previous one, and logs the reload", () => {
    writeConfig(home, { display: { quota: false } });
    const source = open();
    const changes: Array<[Config, Config]> = [];
    source.onChange((next, previous) => changes.push([next, previous]));
    rewrite("display: {quota: true}\n");
    assert.equal(source.get().display.quota, true);
    assert.deepEqual(changes.map(([next, previous]) => [next.display.quota, previous.display.quota]), [[true, false]]);
    assert.deepEqual(log, [`config: reloaded ${configPath(home)}`]);
  });

  it("a file that has not changed is not read again", () => {
    writeConfig(home, { display: { quota: true } });
    const source = open();
    let changes = 0;
    source.onChange(() => { changes += 1; });
    const first = source.get();
    assert.equal(source.get(), first);
    assert.equal(changes, 0);
  });

  it("a broken file is logged with file:line:col and the last good config is kept", () => {
    writeConfig(home, { display: { quota: true } });
    const source = open();
    let changes = 0;
    source.onChange(() => { changes += 1; });
    rewrite("display:\n  quota: maybe\n");
    assert.equal(source.get().display.quota, true);
    assert.equal(changes, 0);
    assert.deepEqual(log, [`config: ${configPath(home)}:2:10: display.quota: expected true or false (set display.quota to true or false); keeping the last good config`]);
  });

  it("a broken file at the start is logged and the defaults are used", () => {
    writeConfig(home, {});
    writeFileSync(configPath(home), "display: [\n");
    const source = open();
    assert.deepEqual(source.get(), DEFAULT_CONFIG);
    assert.equal(log.length, 1);
    assert.match(log[0] ?? "", /^config: .+config\.yml:\d+:\d+: \(syntax\): .+; keeping the defaults$/);
  });

  it("every problem of a broken file is on the one log line", () => {
    writeConfig(home, {});
    writeFileSync(configPath(home), "display: {quota: 1}\nnotfiy: {}\n");
    open();
    assert.equal(log.length, 1);
    assert.match(log[0] ?? "", /display\.quota: expected true or false .*; .*notfiy: unknown key "notfiy" \(did you mean notify\?\); keeping the defaults$/);
  });

  it("a broken file fixed later is read again and the listeners told", () => {
    writeConfig(home, {});
    writeFileSync(configPath(home), "display: {quota: 1}\n");
    const source = open();
    const changes: boolean[] = [];
    source.onChange((next) => changes.push(next.display.quota));
    rewrite("display: {quota: true}\n");
    assert.equal(source.get().display.quota, true);
    assert.deepEqual(changes, [true]);
  });

  it("a removed file reads as the defaults again", () => {
    writeConfig(home, { display: { quota: true } });
    const source = open();
    unlinkSync(configPath(home));
    assert.equal(source.get().display.quota, false);
    assert.equal(source.get().file, undefined);
  });

  it("watch() reloads on a write without anyone asking", { timeout: 20_000 }, async () => {
    writeConfig(home, { display: { quota: false } });
    const source = open();
    const changed = new Promise<Config>((resolve) => source.onChange(resolve));
    source.watch();
    rewrite("display: {quota: true}\n");
    const next = await changed;
    assert.equal(next.display.quota, true);
    assert.deepEqual(log, [`config: reloaded ${configPath(home)}`]);
  });

  it("watch() on a config directory that does not exist looks every 2 s: a config written later is told to its followers", { timeout: 20_000 }, async () => {
    const source = open();
    const changed = new Promise<Config>((resolve) => source.onChange(resolve));
    source.watch();
    try {
      assert.equal(log.length, 1);
      assert.ok(log[0]?.startsWith(`config: cannot watch ${join(home, "config")}: ENOENT`), log[0]);
      assert.ok(log[0]?.endsWith("; looking at it every 2 s"), log[0]);
      writeConfig(home, { display: { quota: true } });
      // Nobody asks (no get()): the look every 2 s finds it and tells the followers (its timer does not hold the process: this one does).
      const hold = setTimeout(() => undefined, 15_000);
      assert.equal((await changed).display.quota, true);
      clearTimeout(hold);
    } finally {
      source.close();
    }
  });
});
