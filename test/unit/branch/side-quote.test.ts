import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { appendedDraft, quoteBlock, typedInInputLine } from "../../../src/branch/side-quote.ts";

describe("side quotes", () => {
  it("quotes every line with '> ', an empty line after it for the question", () => {
    assert.equal(quoteBlock("one\ntwo"), "> one\n> two\n\n");
  });

  it("keeps inner empty lines as '>' and drops the passage's surrounding blank lines and CRs", () => {
    assert.equal(quoteBlock("\n\none\r\n\r\ntwo  \n\n"), "> one\n>\n> two\n\n");
  });

  it("quotes nothing for an empty passage", () => {
    assert.equal(quoteBlock(" \n\t\n"), "");
  });

  it("keeps text that looks like markup as it is", () => {
    assert.equal(quoteBlock("#{pane_id} 100% 'q' \"dq\" ünï"), "> #{pane_id} 100% 'q' \"dq\" ünï\n\n");
  });
});

describe("side drafts after what is typed", () => {
  const claudeLine = /^\s*(│\s*)?❯[\s\u00a0]/;
  it("reads what the input line holds", () => {
    assert.equal(typedInInputLine("● answer\n────\n❯\u00a0my own words\n  status", claudeLine), "my own words");
    assert.equal(typedInInputLine("● answer\n────\n❯\u00a0\n", claudeLine), "");
    assert.equal(typedInInputLine("no prompt here", claudeLine), "");
    assert.equal(typedInInputLine("❯\u00a0x", undefined), "");
  });

  it("puts the draft on a paragraph of its own after typed text, as it is on an empty line", () => {
    assert.equal(appendedDraft("mine", " found it \n"), "\n\nfound it");
    assert.equal(appendedDraft("", "found it"), "found it");
  });
});
