import { describeMatcher, evaluate } from "./match.ts";
import { ScreenRegions } from "./regions.ts";
import type { DetectInput, Manifest, Matcher, NearMiss, Region, Rule, RuleState, Verdict } from "./types.ts";

/** At equal priority a blocker beats working, and working beats idle. */
const STATE_RANK: Record<RuleState, number> = { blocked: 3, working: 2, idle: 1 };

interface Fired { rule: Rule; index: number; evidence: string | null }

/**
 * A manifest's verdict on one pane: among the rules that match, the highest priority wins, then the
 * state rank, then the order in the file. Nothing matching is "unknown", never a guess. With
 * near: false, the verdict's near misses are left empty (they cost a second pass over the rules).
 */
export function detect(manifest: Manifest, input: DetectInput, options: { near?: boolean } = {}): Verdict {
  // The near misses are for explanations (`agentmux explain`); the daemon's looks do without them.
  const wantNear = options.near !== false;
  const paused = input.alternate === true && !manifest.alternateScreen;
  const regions = new ScreenRegions(input.screen, { title: input.title, promptBox: manifest.promptBox, paused, layout: manifest.layout });
  const fired: Fired[] = [];
  const partial: NearMiss[] = [];
  manifest.rules.forEach((rule, index) => {
    const outcome = evaluate(rule.matcher, regions, rule.region);
    if (outcome.ok) fired.push({ rule, index, evidence: outcome.evidence });
    else if (wantNear) {
      const miss = partialMatch(rule, regions);
      if (miss) partial.push(miss);
    }
  });
  fired.sort(byPrecedence);
  const winner = fired[0];
  if (!winner) return { state: "unknown", rule: null, priority: null, evidence: null, near: partial, paused, cause: null, region: null };
  const lost = wantNear ? fired.slice(1).map((f) => nearMiss(f.rule, lostReason(f, winner))) : [];
  return {
    state: winner.rule.state,
    rule: winner.rule.name,
    priority: winner.rule.priority,
    evidence: winner.evidence,
    near: [...lost, ...partial],
    paused,
    cause: winner.rule.cause,
    region: titleOnly(winner.rule.matcher, winner.rule.region) ? "title" : "screen",
  };
}

/** Whether every line a matcher reads is the title's. */
function titleOnly(matcher: Matcher, inherited: Region): boolean {
  const region = matcher.region ?? inherited;
  if (matcher.kind === "contains" || matcher.kind === "regex") return region.kind === "title";
  if (matcher.kind === "not") return titleOnly(matcher.of, region);
  return matcher.of.every((m) => titleOnly(m, region));
}

function byPrecedence(a: Fired, b: Fired): number {
  return b.rule.priority - a.rule.priority || STATE_RANK[b.rule.state] - STATE_RANK[a.rule.state] || a.index - b.index;
}

function lostReason(loser: Fired, winner: Fired): string {
  const w = winner.rule;
  if (w.priority > loser.rule.priority) return `matched, but ${w.name} has a higher priority (${w.priority})`;
  if (w.state !== loser.rule.state) return `matched, but ${w.state} beats ${loser.rule.state} at equal priority (${w.name})`;
  return `matched, but ${w.name} comes first at equal priority`;
}

/** An `all` rule of which some conditions held: the first one that did not is the reason. */
function partialMatch(rule: Rule, regions: ScreenRegions): NearMiss | null {
  if (rule.matcher.kind !== "all" || rule.matcher.of.length < 2) return null;
  const inner = rule.matcher.region ?? rule.region;
  const outcomes = rule.matcher.of.map((m) => ({ m, r: evaluate(m, regions, inner) }));
  const held = outcomes.filter((o) => o.r.ok).length;
  const failed = outcomes.find((o) => !o.r.ok);
  if (held === 0 || !failed) return null;
  const why = !failed.r.ok && failed.r.absent ? " (that region is not on screen)" : "";
  return nearMiss(rule, `${held} of ${outcomes.length} conditions held; not ${describeMatcher(failed.m)}${why}`);
}

function nearMiss(rule: Rule, reason: string): NearMiss {
  return { rule: rule.name, state: rule.state, priority: rule.priority, reason };
}
