import { receiptProblem, type ReceiptReading } from "./exit-receipt.ts";
import { isStepPrompt, stepCommand, type ExitStep } from "./exit-steps.ts";

/**
 * An exit chain: the before-exit skills of one session, each submitted after the previous turn
 * ended, then the session closes. A pure machine (chain, input) -> (chain, actions); the daemon
 * (src/lifecycle/exit-driver.ts) feeds it the session's turns, typed prompts and watchdog ticks.
 */
export type ExitPhase =
  /** Armed while a turn runs: the first skill goes in when it ends. */
  | { kind: "armed" }
  /**
   * Skill `index` is to be typed; `typed` once its keys began to go out (only a turn begun from then
   * on is its turn); `started` once its turn was seen; `warned` once the watchdog fired.
   */
  | { kind: "running"; index: number; typed: boolean; started: boolean; warned: boolean }
  | { kind: "closed" }
  /** A receipt did not allow going on: the session stays. */
  | { kind: "stopped"; reason: string }
  /** The user typed a prompt into the session, or a skill could not be typed (a draft in the way). */
  | { kind: "cancelled"; reason: string };

export interface ExitChain { steps: ExitStep[]; phase: ExitPhase }

export type ExitInput =
  /** The current skill's keys begin to go out. */
  | { kind: "typing" }
  | { kind: "turn-started" }
  /** A turn ended; for a receipt step, what its receipt file holds now. */
  | { kind: "turn-ended"; receipt?: ReceiptReading | undefined }
  /** A prompt submitted in the session (its UserPromptSubmit hook). */
  | { kind: "prompt"; text: string }
  /** The watchdog: whether a turn runs now (working or blocked), and the receipt as it is now. */
  | { kind: "watchdog"; busy: boolean; receipt?: ReceiptReading | undefined }
  /** The second look at a missing receipt (see "recheck"). */
  | { kind: "recheck"; busy: boolean; receipt?: ReceiptReading | undefined }
  /** A skill command could not be typed: why (a draft in the input line, a turn the user began, the pane gone). */
  | { kind: "refused"; why: string };

export type ExitAction =
  | { type: "submit"; index: number }
  /** Look again shortly: a missing receipt is ignored while the session works again (that end belonged to an earlier turn). */
  | { type: "recheck" }
  | { type: "close" }
  | { type: "warn"; text: string };

export interface ExitResult { chain: ExitChain; actions: ExitAction[] }

/** A new chain: armed when a turn runs, else with its first skill submitted; none left: close. */
export function startChain(steps: ExitStep[], busy: boolean): ExitResult {
  const chain: ExitChain = { steps, phase: { kind: "armed" } };
  return busy && steps.length > 0 ? { chain, actions: [] } : begin(chain, 0);
}

export function isActive(chain: ExitChain): boolean {
  return chain.phase.kind === "armed" || chain.phase.kind === "running";
}

function begin(chain: ExitChain, index: number): ExitResult {
  if (index >= chain.steps.length) return { chain: { ...chain, phase: { kind: "closed" } }, actions: [{ type: "close" }] };
  return { chain: { ...chain, phase: { kind: "running", index, typed: false, started: false, warned: false } }, actions: [{ type: "submit", index }] };
}

function label(chain: ExitChain, index: number): string {
  const step = chain.steps[index];
  return step ? stepCommand(step) : "?";
}

/** The skill's turn is over: its receipt (when it needs one) decides whether the chain goes on. */
function finish(chain: ExitChain, index: number, receipt: ReceiptReading | undefined, grace: boolean): ExitResult {
  const step = chain.steps[index];
  if (!step?.receipt) return begin(chain, index + 1);
  const reading = receipt ?? { kind: "missing" };
  if (reading.kind === "missing" && grace) return { chain, actions: [{ type: "recheck" }] };
  const problem = receiptProblem(reading);
  if (!problem) return begin(chain, index + 1);
  const reason = `${label(chain, index)} did not finish: ${problem}`;
  return { chain: { ...chain, phase: { kind: "stopped", reason } }, actions: [{ type: "warn", text: `${reason}; the exit is stopped and the session kept` }] };
}

export function stepChain(chain: ExitChain, input: ExitInput): ExitResult {
  const phase = chain.phase;
  const same: ExitResult = { chain, actions: [] };
  if (phase.kind !== "armed" && phase.kind !== "running") return same;
  switch (input.kind) {
    case "prompt": {
      const ours = phase.kind === "running" && chain.steps[phase.index] !== undefined && isStepPrompt(chain.steps[phase.index] as ExitStep, input.text);
      if (ours) return same;
      const reason = "a prompt was typed into the session";
      return { chain: { ...chain, phase: { kind: "cancelled", reason } }, actions: [{ type: "warn", text: `${reason}: the exit is cancelled` }] };
    }
    case "refused":
      return { chain: { ...chain, phase: { kind: "cancelled", reason: input.why } }, actions: [{ type: "warn", text: `${input.why}: the exit is cancelled and the session kept` }] };
    case "typing":
      return phase.kind === "running" && !phase.typed ? { chain: { ...chain, phase: { ...phase, typed: true } }, actions: [] } : same;
    case "turn-started":
      // A turn begun before the skill's keys went out is not its turn (a prompt the CLI sent from its
      // queue, a redraw read as work): its end must not close the pane. The typing then sees that
      // turn and cancels the chain, saying why.
      return phase.kind === "running" && phase.typed && !phase.started ? { chain: { ...chain, phase: { ...phase, started: true } }, actions: [] } : same;
    case "turn-ended":
      if (phase.kind === "armed") return begin(chain, 0);
      // An end before the skill's turn began is an earlier turn's (a stop and an idle report for one turn advance once).
      if (!phase.started) return same;
      return finish(chain, phase.index, input.receipt, true);
    case "watchdog":
      // Stranded: the session is at its prompt, but the end of the turn the chain waits for never reached it.
      if (!input.busy && phase.kind === "armed") return begin(chain, 0);
      if (!input.busy && phase.kind === "running" && phase.started) return finish(chain, phase.index, input.receipt, false);
      // A skill still running, or whose turn never showed (its command may sit unsubmitted in the prompt).
      if (phase.kind === "armed" || phase.warned) return same;
      return { chain: { ...chain, phase: { ...phase, warned: true } }, actions: [{ type: "warn", text: `${label(chain, phase.index)} is taking longer than the exit timeout; the exit stays armed` }] };
    case "recheck":
      if (phase.kind !== "running" || input.busy) return same;
      return finish(chain, phase.index, input.receipt, false);
  }
}

/** What the chain is doing, for the user (repeating `agentmux exit` answers this). */
export function describeChain(chain: ExitChain): string {
  const phase = chain.phase;
  switch (phase.kind) {
    case "armed": return "armed: waiting for the running turn to end";
    case "running": return `running skill ${phase.index + 1}/${chain.steps.length}: ${label(chain, phase.index)}${phase.warned ? " (past the exit timeout)" : ""}`;
    case "closed": return "closed";
    case "stopped": return `stopped: ${phase.reason}`;
    case "cancelled": return `cancelled: ${phase.reason}`;
  }
}
