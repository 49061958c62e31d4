import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { serverHomes } from "../../../src/accounts/server-homes.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

const tmuxWith = (entries: Array<[string, string | null]> | Error) => ({
  globalEnvironment: async () => { if (entries instanceof Error) throw entries; return new Map(entries); },
}) as unknown as Tmux;

describe("the CLIs' homes as the tmux server hands them to new panes", () => {
  it("a home variable the server sets wins over this process's; one it marks removed is dropped; others are kept", async () => {
    const env = { CLAUDE_CONFIG_DIR: "/mine/claude", CODEX_HOME: "/mine/codex", HOME: "/home/me", OTHER: "x" };
    const homes = await serverHomes(tmuxWith([["CLAUDE_CONFIG_DIR", "/server/claude"], ["CODEX_HOME", null], ["HOME", "/server-home"]]), env);
    assert.deepEqual(homes, { CLAUDE_CONFIG_DIR: "/server/claude", HOME: "/home/me", OTHER: "x" });
  });

  it("a variable the server does not hold, or a server that cannot be asked, leaves the environment as it is", async () => {
    const env = { CODEX_HOME: "/mine/codex" };
    assert.deepEqual(await serverHomes(tmuxWith([]), env), env);
    assert.deepEqual(await serverHomes(tmuxWith(new Error("no server")), env), env);
  });
});
