import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { checkSendFlags, parseSeconds } from "../../../src/cli/send-agent.ts";
import { EXIT } from "../../../src/util/errors.ts";
import { throwsLine } from "../../helpers/assert-error.ts";

describe("send's flags", () => {
  it("--list takes no target nor --from-agent; --timeout needs --from-agent; --from-agent always submits", () => {
    throwsLine(() => checkSendFlags("%12", { enter: true, list: true }), /send --list takes no TARGET/u);
    throwsLine(() => checkSendFlags(undefined, { enter: true, list: true, fromAgent: true }), /send --list takes no TARGET, text or --from-agent/u);
    throwsLine(() => checkSendFlags("%12", { enter: true, timeout: 5 }), /--timeout is how long --from-agent waits.*add --from-agent/u);
    throwsLine(() => checkSendFlags("%12", { enter: false, fromAgent: true }), /cannot go with --no-enter/u);
    for (const ok of [{ enter: true, list: true }, { enter: true, fromAgent: true, timeout: 3 }, { enter: false }]) checkSendFlags(ok.list ? undefined : "x", ok);
  });

  it("--timeout is a positive number of seconds, else a usage error", () => {
    assert.equal(parseSeconds("2.5"), 2.5);
    throwsLine(() => parseSeconds("0"), /--timeout 0 is not a positive number of seconds \(e\.g\. --timeout 120\)/u);
    throwsLine(() => parseSeconds("soon"), /--timeout soon/u);
    try { parseSeconds("-1"); } catch (error) { assert.equal((error as { exitCode: number }).exitCode, EXIT.usage); }
  });
});
