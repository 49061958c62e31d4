import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseManifest, type Manifest } from "../../../src/detect/index.ts";
import { identifyAgent } from "../../../src/detect/identify.ts";

// The matcher and the resolution, on small manifests written for each case.
function manifest(yaml: string, file = "/agents/t.yml"): Manifest {
  const { manifest: m, problems } = parseManifest(yaml, file, { builtin: false });
  assert.deepEqual(problems, []);
  assert.ok(m);
  return m;
}

describe("identifyAgent", () => {
  const a = manifest("match: {commands: [alpha], processes: [alpha, '@x/alpha/'], titles: ['^A ']}\nrules: [{name: r, state: idle, priority: 1, contains: x}]\n", "/m/alpha.yml");
  const b = manifest("match: {commands: [beta], titles: ['^B ']}\nrules: [{name: r, state: idle, priority: 1, contains: x}]\n", "/m/beta.yml");
  const cases: Array<[string, Parameters<typeof identifyAgent>[1], string | null]> = [
    ["by pane_current_command", { command: "beta" }, "beta"],
    ["the command beats the title", { command: "alpha", title: "B x" }, "alpha"],
    ["by a process basename", { command: "node", processes: ["bash", "/usr/local/bin/alpha --flag"] }, "alpha"],
    ["by an interpreter's script", { command: "node", processes: ["node --no-warnings /usr/lib/alpha.js"] }, "alpha"],
    ["by a path fragment", { command: "node", processes: ["node /usr/lib/node_modules/@x/alpha/dist/index.js"] }, "alpha"],
    ["by a path fragment in a directory with spaces", { command: "node", processes: ["node /home/me/my tools/node_modules/@x/alpha/dist/index.js --yes"] }, "alpha"],
    ["a directory named like the agent is not the agent", { command: "node", processes: ["node /home/me/alpha/tool.js"] }, null],
    ["by title, last", { command: "bash", title: "B working" }, "beta"],
    ["nothing known", { command: "bash", processes: ["bash"], title: "host" }, null],
  ];
  for (const [name, facts, want] of cases) it(name, () => assert.equal(identifyAgent([a, b], facts), want));
});
