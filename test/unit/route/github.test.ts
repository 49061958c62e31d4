import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { github, githubContext, parseGithubUrl, titleQuery } from "../../../src/route/github.ts";
import type { ExtractEnv } from "../../../src/route/context.ts";

describe("GitHub URLs", () => {
  const table: Array<[string, string, string | null, string | null, string]> = [
    // url, slug, topic, item kind, page url
    ["https://github.com/acme/api/issues/12", "acme/api", "issue", "issue", "https://github.com/acme/api/issues/12"],
    ["https://github.com/acme/api/pull/7/files", "acme/api", "pull", "pull", "https://github.com/acme/api/pull/7/files"],
    ["https://github.com/acme/api/discussions/3#discussioncomment-1", "acme/api", "discussion", "discussion", "https://github.com/acme/api/discussions/3#discussioncomment-1"],
    ["https://github.com/acme/api/issues/12?notification_referrer_id=NT_abc#issuecomment-9", "acme/api", "issue", "issue", "https://github.com/acme/api/issues/12#issuecomment-9"],
    ["https://api.github.com/repos/acme/my.lib/pulls/5", "acme/my.lib", "pull", "pull", "https://github.com/acme/my.lib/pull/5"],
    ["https://github.com/acme/api/actions/runs/991/job/5", "acme/api", null, "run", "https://github.com/acme/api/actions/runs/991/job/5"],
    ["https://github.com/acme/api/runs/4242", "acme/api", null, "check", "https://github.com/acme/api/runs/4242"],
    ["https://github.com/acme/api/commit/0123abcd", "acme/api", null, "commit", "https://github.com/acme/api/commit/0123abcd"],
    ["https://github.com/acme/api/releases/tag/v1.2", "acme/api", null, "release", "https://github.com/acme/api/releases/tag/v1.2"],
    ["  https://github.com/acme/api  ", "acme/api", null, null, "https://github.com/acme/api"],
  ];
  for (const [url, slug, topic, kind, page] of table) {
    it(`${url.trim()} → ${slug} ${topic ?? "as itself"}`, () => {
      const ref = parseGithubUrl(url);
      assert.ok(ref);
      assert.equal(ref.slug, slug);
      assert.equal(ref.topic, topic);
      assert.equal(ref.item?.kind ?? null, kind);
      assert.equal(ref.url, page);
    });
  }
  it("is not some other text or site", () => {
    for (const text of ["https://gitlab.com/a/b/issues/1", "see https://github.com/a/b/issues/1 please", "https://github.com/notifications", "github.com/a/b"]) assert.equal(parseGithubUrl(text), null, text);
  });
  it("asks gh the title of what the URL names", () => {
    assert.deepEqual(titleQuery(parseGithubUrl("https://github.com/acme/api/issues/12")!), ["issue", "view", "12", "-R", "acme/api", "--json", "title", "--jq", ".title"]);
    assert.equal(titleQuery(parseGithubUrl("https://github.com/acme/api/actions/runs/991")!)?.slice(0, 2).join(" "), "api repos/acme/api/actions/runs/991");
    assert.equal(titleQuery(parseGithubUrl("https://github.com/acme/api")!), null);
  });
  it("a topic suggests its clone, else its slug leads the ranking text; the URL is typed, not submitted", () => {
    const ref = parseGithubUrl("https://github.com/acme/api/issues/12")!;
    assert.deepEqual(githubContext(ref, "Crash on start", "/src/api"), { kind: "GitHub URL", payload: ref.url, submit: false, suggestedDirectory: "/src/api" });
    const none = githubContext(ref, "Crash on start", null);
    assert.equal(none.suggestedDirectory, undefined);
    assert.equal(none.text, "acme/api\nCrash on start\nhttps://github.com/acme/api/issues/12");
    assert.equal(none.payload, ref.url);
  });
  it("a workflow run routes as itself, its title in the payload", () => {
    const ref = parseGithubUrl("https://github.com/acme/api/actions/runs/991")!;
    assert.equal(githubContext(ref, "CI: fix tests (failure)", null).payload, "https://github.com/acme/api/actions/runs/991 (CI: fix tests (failure))");
    assert.equal(githubContext(ref, null, null).payload, "https://github.com/acme/api/actions/runs/991");
  });
  it("looks up no clone for a running session, and needs no gh", async () => {
    let looked = 0;
    const env = { resolveDirectory: false, repositoryDirectory: () => { looked++; return "/x"; }, gh: () => Promise.resolve(null) } as unknown as ExtractEnv;
    const context = await github.extract({ text: "https://github.com/acme/api/pull/7", source: "the argument", cwd: "/" }, env);
    assert.equal(looked, 0);
    assert.ok(!("resume" in context && context.resume));
    assert.equal((context as { payload: string }).payload, "https://github.com/acme/api/pull/7");
  });
});
