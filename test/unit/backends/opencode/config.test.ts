import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { opencode } from "../../../../src/backends/opencode/index.ts";
import { CONTENT_VARIABLE, opencodePluginPath, prepareOpencodeEnv, sessionContent } from "../../../../src/backends/opencode/config.ts";
import { AgentmuxError } from "../../../../src/util/errors.ts";

const HOOK = "/opt/agent mux/shell/agentmux-hook";
const PLUGIN_URL = pathToFileURL(opencodePluginPath()).href;

describe("the opencode config of a session (OPENCODE_CONFIG_CONTENT)", () => {
  it("loads agentmux's shipped plugin with the forwarder's path as its option", () => {
    const env = prepareOpencodeEnv({ env: {}, hookPath: HOOK });
    assert.deepEqual(JSON.parse(env[CONTENT_VARIABLE] ?? ""), { plugin: [[PLUGIN_URL, { hook: HOOK, agent: "opencode" }]] });
    assert.ok(existsSync(opencodePluginPath()));
    assert.doesNotMatch(readFileSync(opencodePluginPath(), "utf8"), /from "(?!node:)/, "the plugin imports nothing but Node's own modules");
  });

  it("keeps the user's own OPENCODE_CONFIG_CONTENT and its plugins; an inherited agentmux plugin is replaced, not doubled", () => {
    const user = { model: "anthropic/claude-sonnet-4-5", plugin: ["opencode-wakatime", ["file:///home/u/p.js", { a: 1 }]] };
    const env = prepareOpencodeEnv({ env: { [CONTENT_VARIABLE]: JSON.stringify(user) }, hookPath: HOOK });
    const content = JSON.parse(env[CONTENT_VARIABLE] ?? "") as { model: string; plugin: unknown[] };
    assert.equal(content.model, user.model);
    assert.deepEqual(content.plugin, [...user.plugin, [PLUGIN_URL, { hook: HOOK, agent: "opencode" }]]);
    assert.deepEqual(sessionContent(content, opencodePluginPath(), HOOK), content);
  });

  it("refuses a user's OPENCODE_CONFIG_CONTENT that is not a JSON object, with the fix", () => {
    assert.throws(() => prepareOpencodeEnv({ env: { [CONTENT_VARIABLE]: "{model: x}" } }), (e: unknown) => e instanceof AgentmuxError && /OPENCODE_CONFIG_CONTENT is not valid JSON/.test(e.message) && /unset it/.test(e.hint ?? ""));
    assert.throws(() => prepareOpencodeEnv({ env: { [CONTENT_VARIABLE]: "[]" } }), /not a JSON object/);
    assert.throws(() => prepareOpencodeEnv({ env: { [CONTENT_VARIABLE]: '{"plugin": "x"}' } }), /"plugin" is not a list/);
  });

  it("is what the backend hands the pane; the argv stays the user's", () => {
    const env = opencode.prepareEnv?.({ stateDir: "/s", cwd: "/w", env: {} }) ?? {};
    assert.match(env[CONTENT_VARIABLE] ?? "", /etc\/opencode\/agentmux\.js/);
    assert.equal(opencode.prepare, undefined);
  });
});
