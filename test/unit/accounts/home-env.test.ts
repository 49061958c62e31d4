import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { accountHomes, homeEnv } from "../../../src/accounts/home-env.ts";
import { parseConfig } from "../../../src/config/config.ts";

const config = parseConfig("backends:\n  claude:\n    accounts:\n      work: /homes/claude work\n", "/cfg.yml");

describe("the environment naming an account's home", () => {
  it("points the CLI's variable at the account's home", () => {
    assert.equal(homeEnv(config, "claude", "work", { HOME: "/h" })["CLAUDE_CONFIG_DIR"], "/homes/claude work");
  });
  it("leaves the environment as it is without an account, for an unknown one, or a backend without accounts", () => {
    const env = { HOME: "/h", CLAUDE_CONFIG_DIR: "/d" };
    assert.equal(homeEnv(config, "claude", "", env), env);
    assert.equal(homeEnv(config, "claude", "nobody", env), env);
    assert.equal(homeEnv(config, "gemini", "work", env), env);
  });
  it("lists every account's home, then the CLI's own", () => {
    assert.deepEqual(accountHomes(config, "claude", { HOME: "/h" }).map((h) => [h.account, h.env["CLAUDE_CONFIG_DIR"]]), [["work", "/homes/claude work"], ["", undefined]]);
    assert.deepEqual(accountHomes(config, "opencode", {}).map((h) => h.account), [""]);
  });
});
