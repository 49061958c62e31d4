// A test fixture for the real Pi (loaded with a second `-e`): Pi has no permission dialogs of its
// own, so this extension gates every bash call with a select dialog, the way a user's permission
// extension would. PI_E2E_GATE=1 arms it; PI_E2E_LOG names a JSONL file its events are logged to.
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { appendFileSync } from "node:fs";

const log = (event: string, payload: unknown): void => {
  const file = process.env["PI_E2E_LOG"];
  if (!file) return;
  try { appendFileSync(file, `${JSON.stringify({ ts: new Date().toISOString(), event, payload })}\n`); } catch { /* a test's log only */ }
};

export default function (pi: ExtensionAPI): void {
  pi.on("tool_call", async (event, ctx) => {
    log("tool_call", { toolName: event.toolName, input: event.input });
    if (event.toolName !== "bash" || process.env["PI_E2E_GATE"] !== "1") return undefined;
    if (!ctx.hasUI) return { block: true, reason: "no UI" };
    const command = String((event.input as { command?: unknown }).command ?? "");
    log("permission_asked", { command });
    const choice = await ctx.ui.select(`Allow bash command?\n\n  ${command}`, ["Yes", "No"]);
    log("permission_replied", { choice });
    return choice === "Yes" ? undefined : { block: true, reason: "Blocked by user" };
  });
}
