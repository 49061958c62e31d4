import { getBackend, isBackendName } from "../backends/index.ts";
import type { Config } from "../config/config.ts";
import { prepareLaunch, type NewSessionRequest } from "../session/launch.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError, isAgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { sleep } from "../util/sleep.ts";
import { chooseSideLink, consumeSideLink, readSideLinks, sideLinksFile, type SideLink } from "./side-links.ts";
import { startSide } from "./side-open.ts";
import { sideInstance } from "./side-plan.ts";
import { boundaryBlock, sidePolicy, sidePolicyVersion } from "./side-policy.ts";

export interface ResumeResult { pane: string; link: SideLink; consumed: boolean; olderPolicy: boolean; note: string | null }

/** How long the resumed CLI has to report the conversation it resumed. */
const CAME_BACK_MS = 30_000;

/**
 * Reopen a kept side conversation in a window of its own (it has no parent pane to stand beside),
 * with the side policy sent again on both channels. Its record is consumed only once the resumed
 * session reported the same native id through its hooks; otherwise it stays for another try.
 */
export async function resumeSide(tmux: Tmux, config: Config, id: string | undefined, now = new Date()): Promise<ResumeResult> {
  const file = sideLinksFile(places().stateDir);
  const link = chooseSideLink(readSideLinks(file), id);
  if (!isBackendName(link.backend)) throw new AgentmuxError(`the kept side ${link.fork} ran under "${link.backend}", which agentmux does not know`, { hint: "drop it from side-links.json" });
  const backend = getBackend(link.backend);
  const policy = sidePolicy(config);
  const policyVersion = sidePolicyVersion(config);
  const request: NewSessionRequest = {
    backend: link.backend, dir: link.dir, account: link.account || undefined, instance: sideInstance(now), submit: true, split: false,
    mode: { kind: "resume", id: link.fork }, extraArgs: backend.systemPromptArgs ? backend.systemPromptArgs(policy) : [],
    side: { parent: "", policyVersion },
  };
  let prepared;
  try {
    prepared = prepareLaunch(request, config, link.dir);
  } catch (error) {
    if (isAgentmuxError(error)) throw new AgentmuxError(`cannot resume the kept side ${link.fork}: ${error.message}`, { hint: error.hint ?? "fix it and try again; the record is kept" });
    throw error;
  }
  const olderPolicy = link.policyVersion !== policyVersion;
  const { pane } = await startSide(tmux, { request, prepared, typed: [boundaryBlock(policy)], title: undefined, ownWindow: true });
  const consumed = (await cameBack(tmux, pane, link.fork)) && consumeSideLink(file, link.fork);
  const note = olderPolicy ? `this side conversation was kept under side policy ${link.policyVersion}; it runs under ${policyVersion} now, so both texts apply to it` : null;
  return { pane, link, consumed, olderPolicy, note };
}

/** Whether the pane's session reported the conversation id through a hook (its state known, the same id) before the deadline. */
async function cameBack(tmux: Tmux, pane: string, fork: string): Promise<boolean> {
  const deadline = Date.now() + CAME_BACK_MS;
  while (Date.now() < deadline) {
    const line = (await tmux.query(pane, "#{pane_dead}\x1f#{@agentmux-exit}\x1f#{@agentmux-state}\x1f#{@agentmux-id}"))?.split("\n")[0];
    if (line === undefined) return false;
    const [dead, exit, state = "", id] = line.split("\x1f");
    if (dead === "1" || exit !== "") return false;
    if (state !== "" && state !== "unknown") return id === fork;
    await sleep(150);
  }
  return false;
}
