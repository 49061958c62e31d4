import type { Command } from "commander";
import { layoutFor } from "../daemon/start.ts";
import { allWell, type Finding } from "../doctor/finding.ts";
import { runDoctor } from "../doctor/run.ts";
import { AgentmuxError } from "../util/errors.ts";
import { block, out, shown } from "../util/terminal-text.ts";
import { Context, printJson } from "./context.ts";

const MARK: Record<Finding["level"], string> = { ok: "ok  ", warn: "warn", fail: "FAIL" };

/** One line a finding, its fix indented under it. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${MARK[f.level]}  ${f.check}: ${f.said}${f.fix ? `\n      fix: ${f.fix}` : ""}`).join("\n");
}

export function registerDoctor(program: Command): void {
  program
    .command("doctor")
    .description("check, without asking or changing anything, that agentmux works here: tmux, config, daemon, hooks, status segment, keys, Codex's trust, the phone page; exits non-zero on a problem")
    .option("--json", "print the findings as JSON")
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const layout = (await ctx.tmux.hasServer().catch(() => false)) ? await layoutFor(ctx.tmux).catch(() => null) : null;
      const findings = await runDoctor({ tmux: ctx.tmux, layout, loadConfig: () => ctx.config });
      const well = allWell(findings);
      if (options.json) printJson({ ok: well, findings });
      else out(shown`${block(formatFindings(findings))}\n`);
      if (!well) {
        const failed = findings.filter((f) => f.level === "fail").map((f) => f.check);
        throw new AgentmuxError(`doctor: ${failed.length} problem(s): ${failed.join(", ")}`, { hint: "fix each as its line says, then run agentmux doctor again" });
      }
    });
}
