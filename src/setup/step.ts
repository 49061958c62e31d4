/**
 * One step of `agentmux setup`: what it found, and at most one thing it offers to do. Nothing is
 * done without a yes (or --yes); a declined offer is reported and changes nothing.
 */
export interface StepResult {
  step: string;
  /** What was found, in a line. */
  found: string;
  /** Whether the step found what agentmux needs (false: it says how to get it). */
  ok: boolean;
  offer?: Offer;
}

export interface Offer {
  /** The yes/no question. */
  question: string;
  /** Does it, and says what was done (with the backup it made). */
  apply: () => string;
}
