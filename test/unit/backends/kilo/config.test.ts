import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { kilo } from "../../../../src/backends/kilo/index.ts";
import { KILO_CONTENT_VARIABLE, kiloPluginPath, kiloSessionContent, prepareKiloEnv, readKiloContent } from "../../../../src/backends/kilo/config.ts";
import { AgentmuxError } from "../../../../src/util/errors.ts";

const HOOK = "/opt/agent mux/it's #1/shell/agentmux-hook";
const PLUGIN_URL = pathToFileURL(kiloPluginPath()).href;

describe("the Kilo config of a session (KILO_CONFIG_CONTENT)", () => {
  it("loads agentmux's shipped Kilo plugin with the forwarder's path as its option", () => {
    const env = prepareKiloEnv({ env: {}, hookPath: HOOK });
    assert.deepEqual(Object.keys(env), ["KILO_CONFIG_CONTENT"]);
    assert.deepEqual(JSON.parse(env[KILO_CONTENT_VARIABLE] ?? ""), { plugin: [[PLUGIN_URL, { hook: HOOK }]] });
    assert.match(PLUGIN_URL, /\/etc\/kilo\/agentmux\.js$/);
    assert.ok(existsSync(kiloPluginPath()));
    assert.doesNotMatch(readFileSync(kiloPluginPath(), "utf8"), /from "(?!node:)/, "the plugin imports nothing but Node's own modules");
  });

  it("keeps the user's own KILO_CONFIG_CONTENT and its plugins; an inherited agentmux plugin is replaced, not doubled", () => {
    const user = { model: "anthropic/claude-sonnet-4-5", plugin: ["kilo-wakatime", ["file:///home/u/p.js", { a: 1 }]] };
    const env = prepareKiloEnv({ env: { [KILO_CONTENT_VARIABLE]: JSON.stringify(user) }, hookPath: HOOK });
    const content = JSON.parse(env[KILO_CONTENT_VARIABLE] ?? "") as { model: string; plugin: unknown[] };
    assert.equal(content.model, user.model);
    assert.deepEqual(content.plugin, [...user.plugin, [PLUGIN_URL, { hook: HOOK }]]);
    assert.deepEqual(kiloSessionContent(content, kiloPluginPath(), HOOK), content);
    assert.deepEqual(readKiloContent("  "), {});
  });

  it("ignores opencode's variable: a user's OPENCODE_CONFIG_CONTENT is not Kilo's", () => {
    const env = prepareKiloEnv({ env: { OPENCODE_CONFIG_CONTENT: '{"model": "x"}' }, hookPath: HOOK });
    assert.deepEqual(JSON.parse(env[KILO_CONTENT_VARIABLE] ?? ""), { plugin: [[PLUGIN_URL, { hook: HOOK }]] });
  });

  it("refuses a user's KILO_CONFIG_CONTENT that is not a JSON object, naming the variable and the fix", () => {
    assert.throws(() => prepareKiloEnv({ env: { [KILO_CONTENT_VARIABLE]: "{model: x}" } }), (e: unknown) => e instanceof AgentmuxError && /KILO_CONFIG_CONTENT is not valid JSON/.test(e.message) && /unset it/.test(e.hint ?? ""));
    assert.throws(() => prepareKiloEnv({ env: { [KILO_CONTENT_VARIABLE]: "[]" } }), /KILO_CONFIG_CONTENT is not a JSON object/);
    assert.throws(() => prepareKiloEnv({ env: { [KILO_CONTENT_VARIABLE]: '{"plugin": "x"}' } }), /"plugin" is not a list/);
  });

  it("is what the backend hands the pane; the argv stays the user's", () => {
    const env = kilo.prepareEnv?.({ stateDir: "/s", cwd: "/w", env: {} }) ?? {};
    assert.match(env[KILO_CONTENT_VARIABLE] ?? "", /etc\/kilo\/agentmux\.js/);
    assert.equal(kilo.prepare, undefined);
  });
});
