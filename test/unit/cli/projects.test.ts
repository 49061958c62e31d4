import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { formatProjects } from "../../../src/cli/projects.ts";

describe("agentmux projects' lines", () => {
  it("label, directory (~ abbreviated) and description in columns; no trailing space without a description", () => {
    const text = formatProjects([
      { label: "api", directory: "/home/u/repos/api", repository: "/home/u/repos/api", description: "the  API\nserver" },
      { label: "naïve #1", directory: "/srv/x", repository: null, description: null },
    ], { HOME: "/home/u" });
    assert.equal(text, "api       ~/repos/api  the API server\nnaïve #1  /srv/x");
  });
});
