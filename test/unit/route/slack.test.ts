import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { slackContext, slackPermalink } from "../../../src/route/slack.ts";

describe("Slack permalinks", () => {
  const link = "https://acme.slack.com/archives/C024BE91L/p1764583200123456";
  it("finds the permalink, with its thread parameters", () => {
    assert.equal(slackPermalink(link), link);
    assert.equal(slackPermalink(`look: ${link}?thread_ts=1764583200.123456&cid=C024BE91L`), `${link}?thread_ts=1764583200.123456&cid=C024BE91L`);
    assert.equal(slackPermalink("https://acme.slack.com/messages/general"), null);
  });
  it("is ranked by the text around it, typed as the permalink, not submitted", () => {
    assert.deepEqual(slackContext(`deploy of billing failed again\n${link}`), { kind: "Slack permalink", text: "deploy of billing failed again", payload: link, submit: false });
    assert.equal(slackContext(link).text, link);
  });
});
