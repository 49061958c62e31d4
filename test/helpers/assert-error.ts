import assert from "node:assert/strict";
import { isAgentmuxError } from "../../src/util/errors.ts";

/** Assert fn throws an AgentmuxError whose one-line form (message and fix) matches pattern. */
export function throwsLine(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(isAgentmuxError(error), `not an AgentmuxError: ${String(error)}`);
    assert.match(error.oneLine(), pattern);
    return true;
  });
}
