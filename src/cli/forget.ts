import { request } from "../daemon/client.ts";
import { layoutFor } from "../daemon/start.ts";
import type { Context } from "./context.ts";

/** Ask the daemon (the exited list's only writer) to drop a session brought back in a new pane. */
export async function forgetExited(ctx: Context, pane: string): Promise<void> {
  try {
    const layout = await layoutFor(ctx.tmux);
    await request(layout.socket, { op: "forget", pane }, 2000);
  } catch (error) {
    process.stderr.write(`agentmux: warning: ${pane} stays listed as exited (${(error as Error).message})\n`);
  }
}
