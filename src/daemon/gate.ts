import type { Socket } from "node:net";
import { agentPanes, insideSession, processFacts } from "../session/caller.ts";
import { controlRefusal } from "../session/control-gate.ts";
import { peerOf } from "./peer.ts";
import type { DaemonPort } from "./port.ts";
import type { Request, Response } from "./protocol.ts";

/** The ops that act (on sessions, the daemon or the phone page), by the verb a person knows them as. */
const ACTING: Partial<Record<Request["op"], string>> = {
  kill: "kill",
  exit: "exit",
  stop: "daemon stop",
  "remote-start": "remote start",
  "remote-stop": "remote stop",
};

/**
 * The control gate where the daemon carries an op out, not only in the CLI: a process that writes
 * `{"op":"kill"}` to the socket itself is judged by what it is, the same way the verbs judge their
 * caller (session/control-gate.ts). The peer is known from the kernel (daemon/peer.ts); where it
 * cannot be told, the CLI's own gate is all there is (README, Security model). Null: go on.
 */
export async function gateRequest(daemon: Pick<DaemonPort, "config" | "tmux">, req: Request, socket: Socket | undefined): Promise<Response | null> {
  // The chief's ops type into its session and run a model, but for its status.
  const verb = req.op === "chief" ? (req.action === "status" ? undefined : `chief ${String(req.action)}`) : ACTING[req.op];
  const config = daemon.config();
  if (verb === undefined || config.control.enabled || !socket) return null;
  const pids = await peerOf(socket);
  if (!pids || pids.length === 0) return null;
  const panes = await agentPanes(daemon.tmux);
  for (const pid of pids) {
    const refused = controlRefusal(verb, insideSession(processFacts(pid), panes), { enabled: false, configFile: config.file });
    if (refused) return { ok: false, error: refused.message, ...(refused.hint ? { hint: refused.hint } : {}) };
  }
  return null;
}
