// Runs the project picker at a terminal for test/integration/projects.test.ts and prints the
// directory chosen or the error:
//   pick-project.ts pick FILE SUGGESTED    the candidates as JSON in FILE ("" suggests nothing)
//   pick-project.ts choose TEXT SUGGESTED  the configured sources of no account, ranked by TEXT
import { readFileSync } from "node:fs";
import { chooseProject, pickProject } from "../../src/cli/project-picker.ts";
import { Context, setConfigReader } from "../../src/cli/context.ts";
import { BACKENDS } from "../../src/backends/index.ts";
import { loadConfig } from "../../src/config/config.ts";
import { isAgentmuxError } from "../../src/util/errors.ts";

const [mode, arg, suggestion] = process.argv.slice(2) as [string, string, string];
const suggested = suggestion ? suggestion : null;
setConfigReader(() => loadConfig());
const ctx = new Context({});
try {
  const dir = mode === "choose"
    ? await chooseProject(ctx, { account: null, backend: BACKENDS.claude, text: arg, suggested, title: "start where?" })
    : await pickProject(ctx, { candidates: JSON.parse(readFileSync(arg, "utf8")), suggested, title: "start where?" });
  process.stdout.write(`chosen=[${dir}]\n`);
} catch (error) {
  process.stdout.write(`error=[${isAgentmuxError(error) ? error.oneLine() : String(error)}]\n`);
}
