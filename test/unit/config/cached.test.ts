import { after, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cachedConfig } from "../../../src/config/cached.ts";
import { loadConfig, type Config } from "../../../src/config/config.ts";

describe("the config as last validated, for the key-bound verbs", () => {
  const root = mkdtempSync(join(tmpdir(), "agentmux-cached-"));
  let n = 0;
  let env: Record<string, string>;
  let file = "";
  beforeEach(() => {
    const home = join(root, `home «${++n}» #%`);
    env = { AGENTMUX_HOME: home, HOME: join(root, "user") };
    file = join(home, "config", "config.yml");
    mkdirSync(join(home, "config"), { recursive: true });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** What a verb would read: the cached config, or a full load that is then kept. */
  const read = (): { config: Config; hit: boolean } => {
    const cached = cachedConfig<Config>(env);
    if (cached.config) return { config: cached.config, hit: true };
    const config = loadConfig(env);
    cached.store(config);
    return { config, hit: false };
  };

  it("a file read once is read from the cache next time, the same config, kept 0600", () => {
    writeFileSync(file, "display:\n  backendSuffix: true\n");
    const first = read();
    assert.equal(first.hit, false);
    const second = read();
    assert.equal(second.hit, true);
    assert.deepEqual(second.config, first.config);
    assert.equal(second.config.display.backendSuffix, true);
    assert.equal(statSync(join(env["AGENTMUX_HOME"] ?? "", "state", "config-cache.json")).mode & 0o777, 0o600);
  });

  it("no file: the defaults are cached too, and a file written later is read, not the cached defaults", () => {
    assert.equal(read().hit, false);
    assert.equal(read().hit, true);
    writeFileSync(file, "display:\n  backendSuffix: true\n");
    const after = read();
    assert.equal(after.hit, false);
    assert.equal(after.config.display.backendSuffix, true);
  });

  it("a file changed in place, even to the same size, is a miss", () => {
    const before = "display:\n  backendSuffix: true \n";
    const after = "display:\n  backendSuffix: false\n";
    assert.equal(before.length, after.length);
    writeFileSync(file, before);
    read();
    writeFileSync(file, after);
    const changed = read();
    assert.equal(changed.hit, false);
    assert.equal(changed.config.display.backendSuffix, false);
  });

  it("another home is a miss (paths in the config are expanded against it)", () => {
    read();
    env = { ...env, HOME: join(root, "someone else") };
    assert.equal(read().hit, false);
  });

  it("a config with errors is never cached: each read reports it", () => {
    writeFileSync(file, "display: {backendSuffix: maybe}\n");
    assert.throws(() => read(), /backendSuffix/);
    assert.throws(() => read(), /backendSuffix/);
  });

  it("a corrupt or foreign cache file is a miss, never an error", () => {
    read();
    const cache = join(env["AGENTMUX_HOME"] ?? "", "state", "config-cache.json");
    for (const text of ["{not json", "null", JSON.stringify({ key: "other", config: {} }), JSON.stringify({ key: null })]) {
      writeFileSync(cache, text);
      assert.equal(read().hit, false, text);
    }
  });

  it("two config files read in turn (AGENTMUX_CONFIG naming another) each stay cached: one slot per file", () => {
    writeFileSync(file, "display:\n  backendSuffix: true\n");
    const other = join(root, `other «${n}» #%.yml`);
    writeFileSync(other, "display:\n  backendSuffix: false\n");
    const usual = env;
    const named = { ...env, AGENTMUX_CONFIG: other };
    for (const e of [usual, named]) { env = e; assert.equal(read().hit, false); }
    for (let round = 0; round < 2; round++) {
      env = usual;
      const a = read();
      env = named;
      const b = read();
      assert.deepEqual([a.hit, a.config.display.backendSuffix, b.hit, b.config.display.backendSuffix], [true, true, true, false]);
    }
  });

  it("a file written between the look and the store is a miss next time (the key is taken before the load)", () => {
    writeFileSync(file, "display:\n  backendSuffix: true\n");
    const cached = cachedConfig<Config>(env);
    const stale = loadConfig(env);
    writeFileSync(file, "display:\n  backendSuffix: false\n");
    cached.store(stale);
    const next = read();
    assert.equal(next.hit, false);
    assert.equal(next.config.display.backendSuffix, false);
  });
});
