// A test reporter that prints two lines: how much of src/ the unit tests cover (the TAP reporter
// beside it prints the tests; Node 20's own coverage table also counts the test files), and how
// many modules of src/ have a unit test file of their own.
import { layoutLine } from "../../scripts/test-files.mjs";

export default async function* coverageOfSrc(source) {
  for await (const event of source) {
    if (event.type !== "test:coverage") continue;
    const files = event.data.summary.files.filter((f) => /\/src\//.test(f.path));
    const sum = (key) => files.reduce((n, f) => n + f[key], 0);
    const pct = (covered, total) => (total === 0 ? "100.0" : ((100 * sum(covered)) / sum(total)).toFixed(1));
    yield `# coverage of src/ by the unit tests (${files.length} files): lines ${pct("coveredLineCount", "totalLineCount")}%, branches ${pct("coveredBranchCount", "totalBranchCount")}%, functions ${pct("coveredFunctionCount", "totalFunctionCount")}%\n`;
    yield `# ${layoutLine()}\n`;
  }
}
