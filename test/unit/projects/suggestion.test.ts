import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withSuggestion } from "../../../src/projects/suggestion.ts";
import type { ProjectCandidate } from "../../../src/projects/candidates.ts";

const c = (label: string, directory: string): ProjectCandidate => ({ label, directory, repository: null, description: null });

describe("a suggested directory", () => {
  it("leads the list: the candidate holding it (through a symlink too) moves to the front", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-suggest-")));
    try {
      mkdirSync(join(root, "a"));
      mkdirSync(join(root, "b"));
      symlinkSync(join(root, "b"), join(root, "link"));
      const list = [c("a", join(root, "a")), c("b", join(root, "b"))];
      assert.deepEqual(withSuggestion(list, join(root, "link")).map((x) => x.label), ["b", "a"]);
      assert.deepEqual(withSuggestion(list, join(root, "a")).map((x) => x.label), ["a", "b"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("joins the list, first, when no source holds it (labelled by its abbreviated path); none: the list as it is", () => {
    const list = [c("a", "/nowhere/a")];
    assert.deepEqual(withSuggestion(list, "/home/u/new one", { HOME: "/home/u" }), [c("~/new one", "/home/u/new one"), ...list]);
    assert.equal(withSuggestion(list, null), list);
    assert.equal(withSuggestion(list, " "), list);
  });
});
