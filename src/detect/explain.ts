import { describeMatcher } from "./match.ts";
import { describeRegion } from "./regions.ts";
import type { Manifest, Verdict } from "./types.ts";

/** The verdict in one line: `claude: blocked (rule dialog)`, or with a cause `claude: blocked: question (rule ask-question)`. */
export function verdictLine(agent: string, verdict: Verdict): string {
  const cause = verdict.cause ? `: ${verdict.cause}` : "";
  return `${agent}: ${verdict.state}${cause} (${verdict.rule ? `rule ${verdict.rule}` : "no rule matched"})`;
}

/** For `agentmux detect --explain`: the rule that fired, what it matched, and the rules that nearly did. */
export function explainVerdict(manifest: Manifest, verdict: Verdict): string[] {
  const lines = [verdictLine(manifest.name, verdict), `  manifest: ${manifest.file}`];
  if (verdict.paused) lines.push("  screen rules paused: a full-screen program holds the alternate screen (only title rules ran)");
  const rule = manifest.rules.find((r) => r.name === verdict.rule);
  if (rule) {
    const cause = rule.cause ? `, cause ${rule.cause}` : "";
    lines.push(`  fired: ${rule.name} (${rule.state}${cause}, priority ${rule.priority}, ${describeRegion(rule.region)}): ${describeMatcher(rule.matcher)}`);
    if (verdict.evidence !== null) lines.push(`    matched: ${JSON.stringify(verdict.evidence.trim())}`);
    lines.push(`  decided by: ${verdict.region === "title" ? "the title only" : "the screen"}`);
  } else {
    lines.push(`  fired: nothing, of ${manifest.rules.length} rules (unknown is never guessed)`);
  }
  if (verdict.near.length === 0) lines.push("  nearly: none");
  else {
    lines.push("  nearly:");
    for (const n of verdict.near) lines.push(`    ${n.rule} (${n.state}, priority ${n.priority}): ${n.reason}`);
  }
  return lines;
}
