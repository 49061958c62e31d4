import { hasChanges, type ToolPlan } from "./link.ts";

/** The lines that say what a plan found and did. */
export function describePlan(plan: ToolPlan, linked: ReadonlySet<string>, declined: boolean): string[] {
  const where = `${plan.label} (${plan.skillsDir})`;
  if (plan.skipped) return [`${where}: skipped, ${plan.homes.join(", ")} does not exist`];
  return plan.entries.map((entry) => {
    if (linked.has(entry.path)) return `${where}: ${entry.action === "relink" ? `relinked ${entry.skill} (was ${entry.existing ?? "?"})` : `linked ${entry.skill}`}`;
    if (entry.action === "linked") return `${where}: ${entry.skill} already linked`;
    if (entry.action === "kept") return `${where}: kept your ${entry.skill} (${entry.existing ?? "?"}), not linked by agentmux`;
    return `${where}: ${entry.skill} not ${entry.action === "relink" ? `relinked (it points to ${entry.existing ?? "?"})` : "linked"}${declined ? " (declined)" : ""}`;
  });
}

/** One question for a tool: what would be linked and relinked in each of its skills directories. */
export function linkQuestion(plans: readonly ToolPlan[]): string {
  const parts = plans.filter(hasChanges).map((plan) => {
    const links = plan.entries.filter((e) => e.action === "link").map((e) => e.skill);
    const relinks = plan.entries.filter((e) => e.action === "relink").map((e) => `${e.skill} (now ${e.existing ?? "?"})`);
    const what = [links.length > 0 ? `link ${links.join(", ")}` : "", relinks.length > 0 ? `relink ${relinks.join(", ")}` : ""].filter(Boolean);
    return `${what.join("; ")} into ${plan.skillsDir}`;
  });
  return `${plans[0]?.label ?? ""}: ${parts.join("; and ")}?`;
}
