import { sep } from "node:path";
import type { ExitConfig } from "../config/config.ts";

/** One skill of an exit chain, as it is typed into the session. */
export interface ExitStep {
  name: string;
  /** The skill with the backend's prefix: "/name" (Claude), "$name" (Codex). */
  invocation: string;
  args: string;
  /** The chain goes on only after the skill's JSON receipt says success or no-op. */
  receipt: boolean;
}

function within(dir: string, root: string): boolean {
  const base = root.length > 1 && root.endsWith(sep) ? root.slice(0, -1) : root;
  return dir === base || dir.startsWith(base === sep ? base : base + sep);
}

/**
 * Pure: the configured skills that apply to a session in `dir`, in order, for a backend whose
 * skill commands start with `prefix` (none: the backend has no skills, and exit just closes). An
 * entry's own directories replace exit.directories; no directories at all means everywhere.
 * `resolve` resolves symbolic links (applied to both sides).
 */
export function exitSteps(config: ExitConfig, prefix: string | undefined, dir: string, resolve: (path: string) => string = (p) => p): ExitStep[] {
  if (prefix === undefined) return [];
  const here = resolve(dir);
  return config.skills
    .filter((skill) => {
      const roots = skill.directories ?? config.directories;
      return roots.length === 0 || roots.some((root) => within(here, resolve(root)));
    })
    .map((skill) => ({ name: skill.name, invocation: `${prefix}${skill.name}`, args: skill.args.trim(), receipt: skill.receipt }));
}

/** The command typed into the session; a receipt-gated step names the file its receipt goes to. */
export function stepCommand(step: ExitStep, receiptFile?: string): string {
  return [step.invocation, step.args, step.receipt && receiptFile ? `--receipt-file ${receiptFile}` : ""].filter(Boolean).join(" ");
}

/** Whether a submitted prompt is this step's own command (and not something the user typed). */
export function isStepPrompt(step: ExitStep, prompt: string): boolean {
  const text = prompt.trim();
  return text === step.invocation || text.startsWith(`${step.invocation} `);
}
