// How well the screen model reads the real captures: `agentmux detect` (the built-in manifests) on
// every labelled capture of every CLI, at each pane size captured (test/fixtures/real/screens is
// 120x40; screens-<W>x<H> other sizes, when captured), and on each capture's shorter variants.
// Prints a table per CLI and state (right/total), the screens read wrong, and how many rules of each
// manifest read a structural region. Not a test: run it after changing a manifest.
//   node --import tsx scripts/screen-exam.ts [--wrong]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { detect, findManifest, loadManifests } from "../src/detect/index.ts";
import { heights } from "../test/helpers/screen-variants.ts";
import { labels, REAL, structuralRules } from "../test/helpers/screens.ts";

const showWrong = process.argv.includes("--wrong");
const { manifests } = loadManifests({ userDir: "/nonexistent" });
const table = labels();
const dirs = readdirSync(REAL).filter((d) => d === "screens" || /^screens-\d+x\d+$/.test(d)).sort();

interface Tally { right: number; total: number }
const tally = new Map<string, Map<string, Tally>>();
const wrong: string[] = [];
/** Blocked screens whose cause the README names: how many read the cause too. */
const causes: Tally = { right: 0, total: 0 };
const count = (agent: string, state: string, ok: boolean) => {
  const byState = tally.get(agent) ?? new Map<string, Tally>();
  tally.set(agent, byState);
  const t = byState.get(state) ?? { right: 0, total: 0 };
  byState.set(state, t);
  t.total++;
  if (ok) t.right++;
};

for (const dir of dirs) {
  const size = dir === "screens" ? "120x40" : dir.slice("screens-".length);
  for (const file of readdirSync(join(REAL, dir)).filter((f) => f.endsWith(".txt") && !f.endsWith(".ansi.txt") && !f.endsWith(".meta.txt"))) {
    const name = file.slice(0, -4);
    const label = table.get(name);
    if (!label || label.state === "exited") continue;
    const manifest = findManifest(manifests, label.agent);
    if (!manifest) continue;
    const metaFile = join(REAL, dir, `${name}.meta.txt`);
    const meta = existsSync(metaFile) ? readFileSync(metaFile, "utf8") : "";
    const title = /^pane_title=(.*)$/m.exec(meta)?.[1] ?? "";
    const alternate = /^alternate_on=1$/m.test(meta);
    const screen = readFileSync(join(REAL, dir, file), "utf8");
    const variants = [{ name: size, screen }, ...(dir === "screens" ? heights(screen).map((v) => ({ name: `${size} cut to ${v.name}`, screen: v.screen })) : [])];
    for (const v of variants) {
      const got = detect(manifest, { screen: v.screen, title, alternate });
      const ok = got.state === label.state;
      count(label.agent, label.state, ok);
      if (label.cause !== null && label.state === "blocked") { causes.total++; if (ok && got.cause === label.cause) causes.right++; }
      if (!ok) wrong.push(`${name} (${v.name}): expected ${label.state}${label.cause ? ` (${label.cause})` : ""}, read ${got.state}${got.cause ? ` (${got.cause})` : ""}${got.rule ? ` by ${got.rule}` : ""}`);
    }
  }
}

const states = ["idle", "working", "blocked"];
const out: string[] = [`screens: ${dirs.map((d) => (d === "screens" ? "120x40 (and shorter variants)" : d.slice(8))).join(", ")}`, "", `| CLI | ${states.join(" | ")} | all | rules on a region |`, `| --- | ${states.map(() => "---").join(" | ")} | --- | --- |`];
let right = 0, total = 0;
for (const agent of [...tally.keys()].sort()) {
  const byState = tally.get(agent) ?? new Map<string, Tally>();
  const cells = states.map((s) => { const t = byState.get(s); return t ? `${t.right}/${t.total}` : "-"; });
  const all = [...byState.values()].reduce((a, t) => ({ right: a.right + t.right, total: a.total + t.total }), { right: 0, total: 0 });
  right += all.right; total += all.total;
  const m = findManifest(manifests, agent);
  const rules = m ? structuralRules(m) : { structural: 0, total: 0 };
  out.push(`| ${agent} | ${cells.join(" | ")} | ${all.right}/${all.total} | ${rules.structural}/${rules.total} |`);
}
out.push("", `all: ${right}/${total} states right; causes of blocked screens: ${causes.right}/${causes.total}`);
if (showWrong && wrong.length > 0) out.push("", "read wrong:", ...wrong.map((w) => `  ${w}`));
process.stdout.write(`${out.join("\n")}\n`);
