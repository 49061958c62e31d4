import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { captureBackend, route, type RouteHooks } from "../../../src/route/route.ts";
import type { Config } from "../../../src/config/config.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

const config = { defaultBackend: "claude" } as unknown as Config;

describe("route's core", () => {
  it("captures the backend and its selected account together; --account wins; a backend without accounts has none", () => {
    const state = mkdtempSync(join(tmpdir(), "agentmux-route-core-"));
    try {
      mkdirSync(join(state, "accounts"));
      writeFileSync(join(state, "accounts", "selection.json"), JSON.stringify({ selected: { claude: "work" }, routed: {} }));
      assert.deepEqual(captureBackend(config, undefined, undefined, state), { backend: "claude", account: "work" });
      assert.deepEqual(captureBackend(config, "claude", "home", state), { backend: "claude", account: "home" });
      assert.deepEqual(captureBackend(config, "gemini", undefined, state), { backend: "gemini", account: null });
      assert.throws(() => captureBackend(config, "nosuch", undefined, state), /nosuch/);
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
  it("refuses --to with --pick, and --dir with either, before anything is read or touched", async () => {
    const tmux = new Proxy({}, { get: () => { throw new Error("tmux touched"); } }) as Tmux;
    const hooks = {} as RouteHooks;
    const thing = { text: "https://github.com/a/b/issues/1", source: "the argument", cwd: "/" };
    await assert.rejects(route(tmux, config, { thing, to: "x", pick: true }, hooks), /--to and --pick cannot be used together/);
    await assert.rejects(route(tmux, config, { thing, to: "x", dir: "/" }, hooks), /--dir starts a new session/);
  });
});
