import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { applyRanking, matchLabel, rankCandidates, rankingPrompt, worthRanking } from "../../../src/projects/rank.ts";
import type { ProjectCandidate } from "../../../src/projects/candidates.ts";

const c = (label: string, description: string | null = null): ProjectCandidate => ({ label, directory: `/p/${label}`, repository: null, description });
const CANDIDATES = [c("api", "the API"), c("api-gateway", "edge"), c("web"), c("billing: Billing", "invoices"), c("ops")];
const labels = (list: ProjectCandidate[]) => list.map((x) => x.label);

describe("matching a name the model gave", () => {
  const all = labels(CANDIDATES);
  const rows: Array<[string, string | null]> = [
    ["api", "api"], ["api-gateway", "api-gateway"], ["api-g", "api-gateway"], ["ap", "api"], ["billing", "billing: Billing"],
    [" web ", "web"], ["\"ops\"", "ops"], ["ops.", "ops"], ["nothing", null], ["", null], ["Web", null],
  ];
  for (const [name, label] of rows) it(`${JSON.stringify(name)} → ${label}`, () => assert.equal(matchLabel(all, name), label));
});

describe("applying an answer", () => {
  const rows: Array<[string, string, string[]]> = [
    ["all, in its order", "ops, web, api, api-gateway, billing: Billing", ["ops", "web", "api", "api-gateway", "billing: Billing"]],
    ["some: the named first, the rest keep their order behind", "web,billing", ["web", "billing: Billing", "api", "api-gateway", "ops"]],
    ["a repeated name counts once", "ops, ops, api, ops", ["ops", "api", "api-gateway", "web", "billing: Billing"]],
    ["an invented name is ignored and hides nothing", "nonsense, web, made-up", ["web", "api", "api-gateway", "billing: Billing", "ops"]],
    ["an empty answer leaves the order", "", ["api", "api-gateway", "web", "billing: Billing", "ops"]],
    ["one a line works too", "ops\nweb\n", ["ops", "web", "api", "api-gateway", "billing: Billing"]],
  ];
  for (const [name, answer, expected] of rows) {
    it(name, () => {
      const out = applyRanking(CANDIDATES, answer);
      assert.deepEqual(labels(out), expected);
      assert.equal(out.length, CANDIDATES.length);
    });
  }
});

describe("rankCandidates", () => {
  const never = async (): Promise<string> => { throw new Error("must not be asked"); };

  it("asks only when the text and at least one description hold more than whitespace", async () => {
    const rows: Array<[string, ProjectCandidate[]]> = [["  \n", CANDIDATES], ["fix the gateway", [c("a"), c("b", "   ")]], ["", []]];
    for (const [text, list] of rows) {
      assert.equal(worthRanking(list, text), false);
      const out = await rankCandidates(list, text, { ask: never });
      assert.equal(out.candidates, list);
      assert.equal(out.problem, null);
    }
  });

  it("asks with the text and every label (descriptions beside), and orders by the answer", async () => {
    let asked = "";
    const out = await rankCandidates(CANDIDATES, "the gateway drops requests", { ask: async (prompt) => { asked = prompt; return "api-gateway, api"; } });
    assert.deepEqual(labels(out.candidates), ["api-gateway", "api", "web", "billing: Billing", "ops"]);
    assert.equal(out.problem, null);
    assert.match(asked, /the gateway drops requests/);
    assert.match(asked, /^- api-gateway: edge$/m);
    assert.match(asked, /^- web$/m);
    assert.match(asked, /comma separated, most likely first/);
    assert.equal(asked, rankingPrompt(CANDIDATES, "the gateway drops requests"));
  });

  it("a long text is cut in the request", () => {
    const prompt = rankingPrompt(CANDIDATES, `start ${"x".repeat(10_000)}`);
    assert.ok(prompt.length < 5000, String(prompt.length));
    assert.match(prompt, /start x+\n\[…\]/);
  });

  it("a failed request is the problem, and the order stays", async () => {
    const out = await rankCandidates(CANDIDATES, "text", { ask: async () => { throw new Error("took longer than 1 s"); } });
    assert.deepEqual(out.candidates, CANDIDATES);
    assert.match(out.problem ?? "", /ranking the projects failed.*took longer than 1 s/);
  });
});
