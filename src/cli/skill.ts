import { resolve } from "node:path";
import type { Command } from "commander";
import { BACKENDS, getBackend, promptLineOf, type BackendName } from "../backends/index.ts";
import { sendText } from "../session/send.ts";
import { findSession, listSessions } from "../session/store.ts";
import { discoverSkills, SKILL_BACKENDS, type Discovery, type Skill } from "../skills/discover.ts";
import { prepareRun } from "../batch/prepare.ts";
import { runOnce } from "../batch/run-once.ts";
import { argumentText, checkValues, completeValues, invocationText, spreadWords } from "../skills/invoke.ts";
import { resolveSkill } from "../skills/resolve.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";
import { askArguments } from "./skill-ask.ts";
import { notifyTyped } from "./typed.ts";
import { block, err, out, safeLine, shown, warn } from "../util/terminal-text.ts";

interface ListOptions { backend?: string; dir?: string; json?: boolean }
interface RunOptions { backend?: string; to?: string; exec?: boolean; dir?: string; json?: boolean }

function skillBackend(name: string | undefined): BackendName | undefined {
  if (name === undefined) return undefined;
  const backend = getBackend(name);
  if (!SKILL_BACKENDS.includes(backend.name)) {
    throw new AgentmuxError(`${backend.label} has no skills agentmux can find`, { hint: `pass --backend ${SKILL_BACKENDS.join(" or --backend ")}` });
  }
  return backend.name;
}

function discover(ctx: Context, dir: string, backend: BackendName | undefined): Discovery {
  // Each CLI's config home from its own variable (CLAUDE_CONFIG_DIR, CODEX_HOME); unset: its default.
  const homes = Object.fromEntries(SKILL_BACKENDS.map((name) => {
    const variable = BACKENDS[name].accounts?.variable;
    return [name, (variable && process.env[variable]) || null];
  }));
  return discoverSkills({ cwd: dir, homes, configured: ctx.config.skills.directories, backend });
}

function skillJson(skill: Skill) {
  const { meta } = skill;
  return {
    id: skill.id, name: skill.name, backend: skill.backend, scope: skill.scope, dir: skill.dir, file: skill.file,
    description: meta.description, argumentHint: meta.argumentHint, arguments: meta.arguments, userInvocable: meta.userInvocable, model: meta.model,
  };
}

function oneLine(text: string, width: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** The words to type after the name: the given ones spread over the declared arguments, the rest asked at a terminal or taken from the defaults. */
async function argumentsFor(ctx: Context, skill: Skill, words: string[]): Promise<string> {
  const spread = spreadWords(skill.meta.arguments, words);
  const interactive = process.stdin.isTTY === true && process.stderr.isTTY === true;
  const asked = interactive ? await askArguments(skill, spread.values, () => listSessions(ctx.tmux)) : spread.values;
  const values = completeValues(skill, asked);
  checkValues(skill, values);
  return argumentText(skill, values, spread.rest);
}

export function registerSkill(program: Command): void {
  const skill = program.command("skill").description("list the skills of every backend, and run one in a session or non-interactively");

  skill
    .command("list")
    .description("the skills Claude Code and Codex load (global and in this project) and the configured skills.directories")
    .option("-b, --backend <backend>", "only this backend's skills (and the configured ones)")
    .option("--dir <dir>", "the project directory (default: the current one)")
    .option("--json", "print {skills, problems} as JSON")
    .action((options: ListOptions, command: Command) => {
      const ctx = Context.of(command);
      const found = discover(ctx, resolve(options.dir ?? process.cwd()), skillBackend(options.backend));
      const problems = found.problems.map((p) => ({ name: p.name, backend: p.backend, file: p.file, error: p.error.message }));
      if (options.json) { printJson({ skills: found.skills.map(skillJson), problems }); return; }
      for (const problem of problems) warn(problem.error);
      if (found.skills.length === 0) { out(shown`no skills found\n`); return; }
      const width = Math.max(...found.skills.map((s) => s.id.length), 4);
      for (const s of found.skills) {
        const where = `${s.backend ?? "any"} ${s.scope}`;
        const hint = s.meta.argumentHint ? ` ${s.meta.argumentHint}` : "";
        const flag = s.meta.userInvocable ? "" : " (model only)";
        out(shown`${safeLine(s.id).padEnd(width)}  ${where.padEnd(14)}  ${oneLine(`${s.meta.description}${flag}`, 70)}${hint}\n`);
      }
    });

  skill
    .command("run")
    .description("run a skill: typed into a session (/name for Claude, $name for Codex) with --to, or non-interactively with --exec")
    .argument("<name>", "the skill (name, or backend:name when several backends have one)")
    .argument("[args...]", "its arguments (declared ones not given are asked at a terminal)")
    .option("-b, --backend <backend>", "the backend whose skill to run (--exec: the backend that runs it)")
    .option("--to <target>", "type it into this session: pane id, display name or instance name")
    .option("--exec", "run it non-interactively (claude -p, codex exec) and print the answer")
    .option("--dir <dir>", "the project directory (--exec: where it runs; default: the current one, or the session's with --to)")
    .option("--json", "print the result as JSON")
    .action(async (name: string, words: string[], options: RunOptions, command: Command) => {
      const ctx = Context.of(command);
      if ((options.to === undefined) === (options.exec !== true)) {
        throw new AgentmuxError("skill run needs one of --to TARGET or --exec", { hint: `agentmux skill run ${name} --to PANE, or agentmux skill run ${name} --exec`, exitCode: EXIT.usage });
      }
      const wanted = skillBackend(options.backend);
      if (options.to !== undefined) {
        await requireControl(ctx, "skill run --to");
        const session = await findSession(ctx.tmux, options.to, { includeExited: true });
        if (session.dead) throw new AgentmuxError(`session ${session.name} (${session.pane}) has exited`, { hint: "start it again with agentmux new" });
        const backend = skillBackend(session.backend);
        if (wanted !== undefined && wanted !== backend) throw new AgentmuxError(`session ${session.name} (${session.pane}) runs ${session.backend}, not ${wanted}`, { hint: "leave out --backend, or pick a session of that backend" });
        const found = resolveSkill(discover(ctx, resolve(options.dir ?? session.dir), backend), name, backend);
        if (!found.meta.userInvocable) throw new AgentmuxError(`skill ${found.id} is not user-invocable (user-invocable: false): only the model may use it`, { hint: "ask the session to use it, or run it with --exec" });
        const text = invocationText(found, getBackend(session.backend).skillPrefix, await argumentsFor(ctx, found, words));
        const typing = Date.now();
        await sendText(ctx.tmux, session.pane, text, { enter: true, kind: "line", promptLine: promptLineOf(session.backend), label: `${session.name} (${session.pane})` });
        await notifyTyped(ctx, session.pane, "submit", typing);
        if (options.json) printJson({ ok: true, skill: found.id, pane: session.pane, name: session.name, text });
        else out(shown`ran ${text} in ${session.name} (${session.pane})\n`);
        return;
      }
      const dir = resolve(options.dir ?? process.cwd());
      const found = resolveSkill(discover(ctx, dir, wanted), name, wanted);
      const prepared = prepareRun(ctx.config, { backend: wanted ?? found.backend ?? undefined, dir });
      if (prepared.notice) err(shown`agentmux: ${prepared.notice}\n`);
      const runWith = getBackend(prepared.backend.name);
      const text = invocationText(found, runWith.skillPrefix, await argumentsFor(ctx, found, words));
      const result = await runOnce(runWith, prepared.program, text, { ...prepared.options, model: found.meta.model ?? prepared.options.model, cwd: prepared.dir, env: prepared.env });
      if (options.json) printJson({ ok: result.ok, text: result.text, costUsd: result.costUsd, sessionId: result.sessionId, exitCode: result.exitCode, skill: found.id, backend: runWith.name, prompt: text });
      else if (result.ok && result.text !== "") out(shown`${block(result.text.replace(/\n$/, ""))}\n`);
      if (!result.ok) throw new AgentmuxError(`skill ${found.id} failed: ${result.text.split("\n")[0] ?? ""}`, { hint: `run it again, or in a session with --to; ${runWith.label} answered with a failure` });
    });
}
