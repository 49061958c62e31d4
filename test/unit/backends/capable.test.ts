import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BACKENDS } from "../../../src/backends/index.ts";
import { backendFlags, FORKING, forkRefusal, orWords, WITH_HISTORY, WITH_RUNNER } from "../../../src/backends/capable.ts";

describe("what each backend can do with a conversation, from the registry", () => {
  it("forking: the CLIs whose launch takes a fork; a plain command and a CLI without fork say why", () => {
    for (const name of FORKING) assert.equal(forkRefusal(BACKENDS[name]), null, name);
    for (const backend of Object.values(BACKENDS).filter((b) => !FORKING.includes(b.name))) {
      const why = forkRefusal(backend);
      assert.ok(why && why.message !== "", backend.name);
    }
    assert.match(forkRefusal(BACKENDS.generic)?.message ?? "", /plain command/);
  });

  it("history: exactly the backends that declare it; names worded for help text", () => {
    assert.deepEqual([...WITH_HISTORY], Object.values(BACKENDS).filter((b) => b.history).map((b) => b.name));
    assert.equal(orWords(["a"]), "a");
    assert.equal(orWords(["a", "b", "c"]), "a, b or c");
    assert.equal(orWords([]), "");
  });

  it("runner: exactly the backends with a non-interactive mode; their flags worded for a hint", () => {
    assert.deepEqual([...WITH_RUNNER], Object.values(BACKENDS).filter((b) => b.runner).map((b) => b.name));
    assert.ok(WITH_RUNNER.includes("claude") && WITH_RUNNER.includes("codex"));
    assert.equal(backendFlags(["a", "b"]), "--backend a or --backend b");
  });
});
