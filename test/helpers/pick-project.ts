// Runs the project picker at a terminal for test/integration/projects.test.ts: the candidates as
// JSON in argv[2], the suggestion (or "") in argv[3]; prints the directory chosen or the error.
import { readFileSync } from "node:fs";
import { pickProject } from "../../src/cli/project-picker.ts";
import { Context } from "../../src/cli/context.ts";
import { isAgentmuxError } from "../../src/util/errors.ts";

const candidates = JSON.parse(readFileSync(process.argv[2] as string, "utf8"));
const suggested = process.argv[3] ? process.argv[3] : null;
try {
  const dir = await pickProject(new Context({}), { candidates, suggested, title: "start where?" });
  process.stdout.write(`chosen=[${dir}]\n`);
} catch (error) {
  process.stdout.write(`error=[${isAgentmuxError(error) ? error.oneLine() : String(error)}]\n`);
}
