import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { filterCandidates, pickerChoices, pickProject } from "../../../src/cli/project-picker.ts";
import { Context } from "../../../src/cli/context.ts";
import { loadFuzzy } from "../../../src/switcher/fuzzy.ts";
import type { ProjectCandidate } from "../../../src/projects/candidates.ts";

const c = (label: string, description: string | null = null): ProjectCandidate => ({ label, directory: `/p/${label}`, repository: null, description });
const LIST = [c("api", "the API server"), c("web-frontend", "React app; acme.com"), c("ops")];

describe("the project picker's lines", () => {
  it("the label padded to the widest, the description beside it, the directory as the value; the suggestion marked", () => {
    process.env["NO_COLOR"] = "1";
    const lines = pickerChoices(LIST, 80, "/p/api");
    assert.deepEqual(lines.map((l) => l.name), ["api           the API server  (suggested)", "web-frontend  React app; acme.com", "ops"]);
    assert.deepEqual(lines.map((l) => l.value), ["/p/api", "/p/web-frontend", "/p/ops"]);
    assert.equal(lines[1]?.short, "web-frontend");
    assert.equal(lines[1]?.description, "/p/web-frontend");
    assert.deepEqual(pickerChoices(LIST, 80, null).map((l) => l.name)[0], "api           the API server");
    assert.deepEqual(pickerChoices([c("new one")], 80, "/p/new one").map((l) => l.name), ["new one  (suggested)"]);
  });

  it("a narrow popup cuts the description", () => {
    process.env["NO_COLOR"] = "1";
    const [line] = pickerChoices([c("api", "a very long description that cannot fit in the popup")], 30, null);
    assert.ok((line?.name.length ?? 0) <= 30, line?.name);
    assert.match(line?.name ?? "", /…$/);
  });

  it("typing narrows (fuzzy, by label, description and directory); nothing typed keeps every one in order", async () => {
    await loadFuzzy();
    assert.deepEqual(filterCandidates(LIST, undefined).map((x) => x.label), ["api", "web-frontend", "ops"]);
    assert.deepEqual(filterCandidates(LIST, "  ").map((x) => x.label), ["api", "web-frontend", "ops"]);
    assert.deepEqual(filterCandidates(LIST, "acme").map((x) => x.label), ["web-frontend"]);
    assert.deepEqual(filterCandidates(LIST, "wf").map((x) => x.label), ["web-frontend"]);
    assert.deepEqual(filterCandidates(LIST, "zzz"), []);
  });

  it("without a terminal it asks nothing and says to pass --dir", async () => {
    const ctx = new Context({});
    await assert.rejects(pickProject(ctx, { candidates: LIST, suggested: null }), (e: unknown) =>
      e instanceof Error && /needs a terminal/.test(e.message) && /--dir/.test((e as { hint?: string }).hint ?? ""));
  });
});
