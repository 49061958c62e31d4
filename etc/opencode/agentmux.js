// agentmux's opencode plugin: forwards the bus events that carry a session's state to
// agentmux-hook (the same spool as every other agent's hooks). Installed by agentmux, or by hand
// into ~/.config/opencode/plugin/ (see `agentmux init --agents`).
import { spawn } from "node:child_process";

const HOOK = process.env.AGENTMUX_HOOK || "agentmux-hook";

function forward(name, properties) {
  if (!process.env.AGENTMUX_SOCK) return;
  try {
    const child = spawn(HOOK, ["--agent", "opencode", name], { stdio: ["pipe", "ignore", "ignore"], detached: false });
    child.on("error", () => {});
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(properties ?? {}));
  } catch {
    // the agent's work never depends on agentmux
  }
}

export const Agentmux = async () => ({
  event: async ({ event }) => {
    const p = event.properties ?? {};
    if (event.type === "session.status") forward(p.status?.type === "busy" ? "session-busy" : "session-idle", p);
    else if (event.type === "session.created") forward("session-created", { sessionID: p.info?.id ?? p.sessionID });
    else if (event.type === "permission.asked") forward("permission-asked", p);
    else if (event.type === "permission.replied") forward("permission-replied", p);
    else if (event.type === "question.asked") forward("question-asked", p);
  },
});
