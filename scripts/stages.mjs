// Runs the test stages one after another, each to its end even when an earlier one failed, and
// exits non-zero if any failed, naming them: a flaky integration test must not hide what the
// end-to-end tests would have said. Usage: node scripts/stages.mjs NPM_SCRIPT [NPM_SCRIPT...]
import { spawnSync } from "node:child_process";
import process from "node:process";

const failed = [];
for (const script of process.argv.slice(2)) {
  const started = Date.now();
  const r = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit" });
  const seconds = Math.round((Date.now() - started) / 1000);
  const code = r.status ?? 1;
  process.stdout.write(`\n# stage ${script}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds} s\n`);
  if (code !== 0) failed.push(script);
}
if (failed.length > 0) {
  process.stdout.write(`# failed stages: ${failed.join(", ")}\n`);
  process.exit(1);
}
