import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { detect, findManifest, loadManifests, type Manifest, type Verdict } from "../../src/detect/index.ts";
import { ROOT } from "./tmux-server.ts";

/** The real captures (test/fixtures/real/screens) and the state each shows (the README's table). */
export const REAL = join(ROOT, "test", "fixtures", "real");
export const SCREENS = join(REAL, "screens");

export interface Labelled { name: string; agent: string; state: string; cause: string | null; screen: string; title: string; alternate: boolean }

/** `| claude-ask-one | claude | blocked | question |` rows of the fixtures' README; a cause in parentheses is a note. */
export function labels(): Map<string, { agent: string; state: string; cause: string | null }> {
  const rows = new Map<string, { agent: string; state: string; cause: string | null }>();
  for (const line of readFileSync(join(REAL, "README.md"), "utf8").split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const [, screen, agent, state, cause = ""] = cells;
    if (cells.length === 6 && screen && agent && state && /^[a-z]+-[a-z0-9-]+$/.test(screen)) {
      rows.set(screen, { agent, state: state.split(" ")[0] ?? "", cause: /^[a-z][a-z0-9-]*$/.test(cause) ? cause : null });
    }
  }
  return rows;
}

function meta(dir: string, name: string): Record<string, string> {
  const file = join(dir, `${name}.meta.txt`);
  if (!existsSync(file)) return {};
  const entries = readFileSync(file, "utf8").split("\n").filter((l) => l.includes("="));
  return Object.fromEntries(entries.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
}

/**
 * The labelled real captures of one agent (exited ones left out: the screen rules do not decide
 * them), at 120x40 (test/fixtures/real/screens); with `sizes`, also those captured at other pane
 * sizes (screens-80x24/, screens-200x50/), named "<name> (<W>x<H>)".
 */
export function captures(agent: string, options: { sizes?: boolean } = {}): Labelled[] {
  const table = labels();
  const dirs = options.sizes ? readdirSync(REAL).filter((d) => d === "screens" || /^screens-\d+x\d+$/.test(d)).sort() : ["screens"];
  return dirs.flatMap((dir) => {
    const path = join(REAL, dir);
    const size = dir === "screens" ? "" : ` (${dir.slice("screens-".length)})`;
    const names = readdirSync(path).filter((f) => f.endsWith(".txt") && !f.endsWith(".ansi.txt") && !f.endsWith(".meta.txt")).map((f) => f.slice(0, -4));
    return names.flatMap((name) => {
      const label = table.get(name);
      if (!label || label.agent !== agent || label.state === "exited") return [];
      const m = meta(path, name);
      return [{ name: `${name}${size}`, ...label, screen: readFileSync(join(path, `${name}.txt`), "utf8"), title: m["pane_title"] ?? "", alternate: m["alternate_on"] === "1" }];
    });
  });
}

const { manifests } = loadManifests({ userDir: join(ROOT, "no-user-manifests") });

/** The built-in manifest of an agent. */
export function manifestOf(agent: string): Manifest {
  const m = findManifest(manifests, agent);
  if (!m) throw new Error(`no built-in manifest ${agent}`);
  return m;
}

/** The verdict on a screen with the agent's built-in manifest. */
export function verdict(agent: string, screen: string, title = "", alternate = false): Verdict {
  return detect(manifestOf(agent), { screen, title, alternate });
}

/** How a verdict reads in an assertion message. */
export const said = (v: Verdict): string => `${v.state}${v.rule ? ` by ${v.rule}` : ""}${v.evidence ? ` (${JSON.stringify(v.evidence)})` : ""}`;

/** The share of a manifest's rules that read a structural region (live, status, footer, modal, transcript, input) rather than "some line in the bottom N". */
export function structuralRules(m: Manifest): { structural: number; total: number } {
  const kinds = new Set(["live", "status", "footer", "input", "modal", "transcript", "prompt-box", "title"]);
  let structural = 0;
  for (const rule of m.rules) {
    const regions: string[] = [];
    const walk = (matcher: Manifest["rules"][number]["matcher"], inherited: string) => {
      const here = matcher.region?.kind ?? inherited;
      if (matcher.kind === "contains" || matcher.kind === "regex") regions.push(here);
      else if (matcher.kind === "not") walk(matcher.of, here);
      else for (const child of matcher.of) walk(child, here);
    };
    walk(rule.matcher, rule.region.kind);
    if (regions.some((r) => kinds.has(r))) structural++;
  }
  return { structural, total: m.rules.length };
}
