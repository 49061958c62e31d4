import { join } from "node:path";
import { isAccountBackend } from "../backends/account-homes.ts";
import { BACKEND_NAMES, BACKENDS } from "../backends/index.ts";
import { accountsOf } from "../accounts/accounts.ts";
import type { Config } from "../config/config.ts";
import { SKILL_BACKENDS } from "../skills/discover.ts";
import { applyLinks, hasChanges, planLinks, toolHomes } from "../skills/link.ts";
import { linkQuestion } from "../skills/offer.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { installDir } from "../util/install-dir.ts";
import { places } from "../util/paths.ts";
import { which } from "../util/which.ts";
import type { SetupStep } from "../backends/shared/types.ts";
import { tmuxFinding } from "../doctor/run.ts";
import { pluginLineStep } from "./tmux-conf.ts";
import { mcpSteps } from "./mcp-step.ts";

type Env = Record<string, string | undefined>;

/** tmux's version: the doctor's check, as a step. */
async function tmuxStep(tmux: Tmux): Promise<SetupStep> {
  const f = await tmuxFinding(tmux);
  return { step: "tmux", ok: f.level === "ok", found: f.fix ? `${f.said}: ${f.fix}` : f.said };
}

/** Each agent CLI: on PATH (the program the config names), or how to install it. agentmux installs none. */
function agentSteps(config: Config, env: Env): SetupStep[] {
  return BACKEND_NAMES.filter((name) => !BACKENDS[name].plainCommand).map((name) => {
    const backend = BACKENDS[name];
    const program = config.backends[name]?.program ?? backend.defaultProgram;
    const found = which(program, env["PATH"] ?? "");
    return found
      ? { step: backend.label, ok: true, found: `${program} at ${found}` }
      : { step: backend.label, ok: false, found: `"${program}" is not on PATH (${backend.installHint})` };
  });
}

function editorStep(env: Env): SetupStep {
  const editor = env["VISUAL"] || env["EDITOR"];
  if (editor) return { step: "editor", ok: true, found: `${editor} (prompt capture opens it)` };
  return { step: "editor", ok: false, found: "neither $VISUAL nor $EDITOR is set: prompt capture falls back to vi; set EDITOR in your shell's profile" };
}

/** The bundled skills: one offer per tool whose skills directories lack links (skills/offer.ts words them). */
function skillSteps(config: Config, env: Env): SetupStep[] {
  const accountHomes = Object.fromEntries(SKILL_BACKENDS.filter(isAccountBackend).map((b) => [b, accountsOf(config, b).map((a) => a.home)]));
  const plans = planLinks(join(installDir(), "etc", "skills"), toolHomes(env, accountHomes));
  return [...new Set(plans.map((p) => p.backend))].map((backend) => {
    const mine = plans.filter((p) => p.backend === backend);
    const label = mine[0]?.label ?? backend;
    const pending = mine.filter(hasChanges);
    if (mine.every((p) => p.skipped)) return { step: `skills for ${label}`, ok: true, found: `skipped: ${mine.flatMap((p) => p.homes).join(", ")} does not exist` };
    if (pending.length === 0) return { step: `skills for ${label}`, ok: true, found: "linked (or yours of the same name kept)" };
    return {
      step: `skills for ${label}`, ok: false, found: `not all of agentmux's skills are linked into ${pending.map((p) => p.skillsDir).join(", ")}`,
      offer: { question: linkQuestion(pending), apply: () => `linked ${pending.flatMap((p) => applyLinks(p)).length} skill(s) for ${label}` },
    };
  });
}

/**
 * What `agentmux setup` goes through, in order (the seed's first-run setup): tmux, each agent CLI,
 * $EDITOR, the plugin line in tmux's config, the settings each Claude session gets, agentmux's
 * hooks twice in Claude's user settings, the bundled skills, agentmux's MCP server. Each is looked at when reached, so a
 * yes to one is seen by the next.
 */
export function setupSteps(tmux: Tmux, config: Config, env: Env = process.env): Array<() => Promise<SetupStep[]> | SetupStep[]> {
  return [
    async () => [await tmuxStep(tmux)],
    () => agentSteps(config, env),
    () => [editorStep(env)],
    () => [pluginLineStep(installDir(), env)],
    () => BACKEND_NAMES.flatMap((name) => BACKENDS[name].setupSteps?.(env, places(env).stateDir) ?? []),
    () => skillSteps(config, env),
    () => mcpSteps(env),
  ];
}
