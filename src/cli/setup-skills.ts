import { join } from "node:path";
import type { Command } from "commander";
import { isAccountBackend } from "../backends/account-homes.ts";
import { accountsOf } from "../accounts/accounts.ts";
import { SKILL_BACKENDS } from "../skills/discover.ts";
import { applyLinks, hasChanges, planLinks, toolHomes, type ToolPlan } from "../skills/link.ts";
import { describePlan, linkQuestion } from "../skills/offer.ts";
import { AgentmuxError } from "../util/errors.ts";
import { installDir } from "../util/install-dir.ts";
import { confirm } from "./confirm.ts";
import { Context, printJson } from "./context.ts";
import { block, out, shown } from "../util/terminal-text.ts";

interface Options { yes?: boolean; json?: boolean }

export function registerSetupSkills(setup: Command): void {
  setup
    .command("skills")
    .description("link agentmux's bundled skills (etc/skills) into each tool's skills directory, asking once per tool")
    .option("-y, --yes", "link without asking (for scripts)")
    .option("--json", "print what was found and done as JSON")
    .action(async (options: Options, command: Command) => {
      const ctx = Context.of(command);
      const interactive = process.stdin.isTTY === true && process.stderr.isTTY === true;
      const accountHomes = Object.fromEntries(SKILL_BACKENDS.filter(isAccountBackend).map((b) => [b, accountsOf(ctx.config, b).map((a) => a.home)]));
      const plans = planLinks(join(installDir(), "etc", "skills"), toolHomes(process.env, accountHomes));
      const pending = plans.filter(hasChanges);
      if (pending.length > 0 && !options.yes && !interactive) {
        throw new AgentmuxError("setup skills asks before linking, and there is no terminal to ask at", { hint: "run it at a terminal, or pass --yes" });
      }
      const linked = new Set<string>();
      const declined = new Set<ToolPlan>();
      // One question per tool, covering each of its skills directories.
      for (const backend of [...new Set(pending.map((plan) => plan.backend))]) {
        const mine = pending.filter((plan) => plan.backend === backend);
        const agreed = options.yes === true || await confirm(linkQuestion(mine));
        for (const plan of mine) {
          if (agreed) for (const entry of applyLinks(plan)) linked.add(entry.path);
          else declined.add(plan);
        }
      }
      const results = plans.map((plan) => ({ plan, declined: declined.has(plan) }));
      if (options.json) {
        printJson({
          tools: results.map(({ plan, declined }) => ({
            backend: plan.backend, homes: plan.homes, skillsDir: plan.skillsDir, skipped: plan.skipped, declined,
            skills: plan.entries.map((e) => ({ name: e.skill, path: e.path, source: e.source, found: e.action, done: linked.has(e.path), existing: e.existing })),
          })),
        });
        return;
      }
      const lines = results.flatMap(({ plan, declined }) => describePlan(plan, linked, declined));
      out(lines.length > 0 ? shown`${block(lines.join("\n"))}\n` : shown`no bundled skills found\n`);
    });
}
