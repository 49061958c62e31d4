// The end-to-end test files of one lane, one a line: `node scripts/e2e-files.mjs concurrent|serial`.
// The concurrent lane holds the e2e files of the CLIs whose whole test is one file of its own
// against its own fake on a free port. They ran two at a time until two clean-clone CI runs in a
// row left Auggie's and droid's TUIs without their input box (each passes alone); npm test now runs
// this lane one file at a time as well, and the lane stays apart for when that is understood. The serial lane holds the rest: Claude Code and Codex, whose situation
// matrices time dialogs and interrupts, and the files that drive several CLIs.
import process from "node:process";
import { testFiles } from "./test-files.mjs";

const CONCURRENT = new Set(["pi", "qwen", "cline", "kilo", "copilot", "auggie", "droid"].map((name) => `test/e2e/${name}.test.ts`));

const lane = process.argv[2];
if (lane !== "concurrent" && lane !== "serial") {
  process.stderr.write("usage: node scripts/e2e-files.mjs concurrent|serial\n");
  process.exit(2);
}
const files = testFiles(["test/e2e"]).filter((f) => CONCURRENT.has(f) === (lane === "concurrent"));
process.stdout.write(`${files.join("\n")}\n`);
