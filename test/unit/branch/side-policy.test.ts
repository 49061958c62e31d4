import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_CONFIG } from "../../../src/config/config.ts";
import { boundaryBlock, DEFAULT_HANDBACK_PROMPT, DEFAULT_SIDE_POLICY, handbackPrompt, SIDE_POLICY_VERSION, sidePolicy, sidePolicyVersion, startsWithBoundary } from "../../../src/branch/side-policy.ts";

const withSide = (side: Partial<typeof DEFAULT_CONFIG.side>) => ({ side: { ...DEFAULT_CONFIG.side, ...side } });

describe("side policy", () => {
  it("says every clause: reference material, no parent task, no sub-agents, change nothing, standing conventions cancelled", () => {
    const text = DEFAULT_SIDE_POLICY.toLowerCase();
    for (const clause of ["reference material", "do not continue the parent's task", "sub-agent", "change nothing", "conventions", "formatting rules"]) {
      assert.ok(text.includes(clause), `the policy says "${clause}"`);
    }
  });

  it("is versioned, and an override is recorded as a custom version", () => {
    assert.match(SIDE_POLICY_VERSION, /^\d+$/);
    assert.equal(sidePolicyVersion(withSide({})), SIDE_POLICY_VERSION);
    assert.equal(sidePolicyVersion(withSide({ policy: "Only answer." })), `custom-${SIDE_POLICY_VERSION}`);
  });

  it("config side.policy replaces the text; an empty one keeps agentmux's", () => {
    assert.equal(sidePolicy(withSide({ policy: "  Only answer.  " })), "Only answer.");
    assert.equal(sidePolicy(withSide({ policy: "   " })), DEFAULT_SIDE_POLICY);
    assert.equal(sidePolicy(withSide({})), DEFAULT_SIDE_POLICY);
  });

  it("the boundary block wraps the policy and ends in an empty line, and is recognised at a prompt's start", () => {
    const block = boundaryBlock("Only answer.");
    assert.ok(block.endsWith("\n\n"));
    assert.ok(block.includes("\nOnly answer.\n"));
    assert.ok(startsWithBoundary(`${block}why?`));
    assert.ok(!startsWithBoundary("why?"));
  });

  it("the handback prompt defaults, and config side.handbackPrompt replaces it", () => {
    assert.equal(handbackPrompt(withSide({})), DEFAULT_HANDBACK_PROMPT);
    assert.equal(handbackPrompt(withSide({ handbackPrompt: "Sum up." })), "Sum up.");
  });
});
