import { AgentmuxError } from "../util/errors.ts";
import type { Discovery, Skill } from "./discover.ts";

/**
 * Pure: the skill `skill run NAME` means. NAME is an id (name, or backend:name / config:name) or a
 * bare name; backend (--backend, or the target session's) picks among same-named skills, a
 * backend's own skill before a configured one. A skill whose SKILL.md is malformed rethrows its
 * error (it names the file, the line and the key).
 */
export function resolveSkill(discovery: Discovery, name: string, backend: string | undefined): Skill {
  const byId = discovery.skills.find((skill) => skill.id === name);
  if (byId && (backend === undefined || byId.backend === null || byId.backend === backend)) return byId;
  const named = discovery.skills.filter((skill) => skill.name === name || skill.id === name);
  const fitting = backend === undefined ? named : named.filter((skill) => skill.backend === backend || skill.backend === null);
  const own = fitting.filter((skill) => skill.backend !== null);
  const pick = own.length === 1 ? own : fitting;
  if (pick.length === 1 && pick[0]) return pick[0];
  if (pick.length > 1) {
    throw new AgentmuxError(`skill "${name}" is ambiguous: ${pick.map((skill) => skill.id).join(", ")}`, { hint: `name one of them (e.g. agentmux skill run ${pick[0]?.id ?? name}), or pass --backend` });
  }
  const broken = discovery.problems.find((problem) => problem.name === name && (backend === undefined || problem.backend === null || problem.backend === backend));
  if (broken) throw broken.error;
  if (named.length > 0) {
    throw new AgentmuxError(`skill "${name}" is not a skill of ${backend ?? "any backend"} (it is ${named.map((skill) => skill.id).join(", ")})`, { hint: "pass --backend with its backend, or a session of that backend" });
  }
  throw new AgentmuxError(`no skill named "${name}"${backend === undefined ? "" : ` for ${backend}`}`, { hint: "agentmux skill list shows the skills found, and where they were looked for" });
}
