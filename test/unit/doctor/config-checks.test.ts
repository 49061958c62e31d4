import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_CONFIG, type Config } from "../../../src/config/config.ts";
import { configFinding, exposureFinding, manifestsFinding } from "../../../src/doctor/config-checks.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";

describe("doctor: config, manifests, the phone page", () => {
  it("a config that does not load fails with its own message and fix; warnings warn", () => {
    const bad = configFinding(() => { throw new AgentmuxError("/h/config.yml:3:1: notify.sound: not a boolean", { hint: "write true or false" }); });
    assert.deepEqual(bad, { check: "config", level: "fail", said: "/h/config.yml:3:1: notify.sound: not a boolean", fix: "write true or false" });
    assert.equal(configFinding(() => ({ ...DEFAULT_CONFIG, file: undefined })).level, "ok");
    assert.equal(configFinding(() => ({ ...DEFAULT_CONFIG, file: "/h/c.yml", warnings: ["rule 1 names account x"] }) as Config).level, "warn");
  });

  it("a manifest problem fails, naming its place", () => {
    const f = manifestsFinding([{ file: "/u/m/x.yml", line: 4, col: 3, key: "rules.a.regex", message: "not RE2", fix: "write an RE2 regex" }], 12);
    assert.equal(f.level, "fail");
    assert.match(f.said, /\/u\/m\/x\.yml:4:3: rules\.a\.regex: not RE2/);
    assert.equal(manifestsFinding([], 12).said, "12 loaded");
  });

  it("the phone page: off is well; served to a wide network warns", () => {
    assert.equal(exposureFinding(DEFAULT_CONFIG).level, "ok");
    const on = { ...DEFAULT_CONFIG, remote: { ...DEFAULT_CONFIG.remote, enabled: true } };
    assert.match(exposureFinding(on).said, /served on 0\.0\.0\.0:8787 to 100\.64\.0\.0\/10/);
    assert.equal(exposureFinding({ ...on, remote: { ...on.remote, allowedNetworks: ["0.0.0.0/0"] } }).level, "warn");
    assert.equal(exposureFinding(null).level, "warn");
  });
});
