import { describeRegion, type ScreenRegions } from "./regions.ts";
import type { Matcher, Region } from "./types.ts";

/** A matcher's outcome. `absent`: its region does not exist (no title, no prompt box, screen paused), so it neither holds nor fails to. */
export type Outcome = { ok: true; evidence: string | null } | { ok: false; absent: boolean };

const FAILED: Outcome = { ok: false, absent: false };
const ABSENT: Outcome = { ok: false, absent: true };

/** Evaluate a matcher over a region (the matcher's own region, when it has one, wins). */
export function evaluate(matcher: Matcher, regions: ScreenRegions, inherited: Region): Outcome {
  const region = matcher.region ?? inherited;
  switch (matcher.kind) {
    case "contains":
    case "regex": {
      const lines = regions.get(region);
      if (lines === null) return ABSENT;
      const hit = matcher.kind === "contains" ? lines.find((l) => l.includes(matcher.text)) : lines.find((l) => matcher.re.test(l));
      return hit === undefined ? FAILED : { ok: true, evidence: hit };
    }
    case "not": {
      const inner = evaluate(matcher.of, regions, region);
      if (!inner.ok && inner.absent) return ABSENT;
      return inner.ok ? FAILED : { ok: true, evidence: null };
    }
    case "any": {
      let absent = true;
      for (const child of matcher.of) {
        const r = evaluate(child, regions, region);
        if (r.ok) return r;
        absent &&= r.absent;
      }
      return absent ? ABSENT : FAILED;
    }
    case "all": {
      let evidence: string | null = null;
      for (const child of matcher.of) {
        const r = evaluate(child, regions, region);
        if (!r.ok) return r;
        evidence ??= r.evidence;
      }
      return { ok: true, evidence };
    }
  }
}

/** Words for a matcher, in explanations: `regex /…/ in the bottom 3 lines`. */
export function describeMatcher(matcher: Matcher): string {
  const where = matcher.region ? ` in ${describeRegion(matcher.region)}` : "";
  switch (matcher.kind) {
    case "contains": return `contains ${JSON.stringify(matcher.text)}${where}`;
    case "regex": return `regex /${matcher.source}/${where}`;
    case "not": return `not (${describeMatcher(matcher.of)})${where}`;
    case "any": return `any of (${matcher.of.map(describeMatcher).join("; ")})${where}`;
    case "all": return `all of (${matcher.of.map(describeMatcher).join("; ")})${where}`;
  }
}
