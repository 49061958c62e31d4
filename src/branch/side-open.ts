import { ensureDaemon } from "../daemon/start.ts";
import { launchSession, type NewSessionRequest, type Prepared } from "../session/launch.ts";
import { waitForReady } from "../session/ready.ts";
import { sendText } from "../session/send.ts";
import { SIDE_SUFFIX } from "../session/display-name.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { stripAnsi, trimScreen } from "../util/text.ts";

/** What opening a side pane needs: the launch, what to type once it is ready, and its title. */
export interface SideStart {
  request: NewSessionRequest;
  prepared: Prepared;
  /** Typed into the input line, unsent, once the CLI shows its prompt ("" for nothing). */
  typed: string[];
  /** The side's label (@agentmux-name, " [side]" added), when it has one. */
  title?: string | undefined;
  /** Whether it opens in a window of its own (the window is then named after the title too). */
  ownWindow: boolean;
}

/**
 * Open a side pane: launch it, title it, and once its CLI is ready type the boundary (and the
 * quote) into its input line without submitting. A failure after the pane exists closes it again,
 * with the screen's last lines in the error (a fork the CLI refused shows why there).
 */
export async function startSide(tmux: Tmux, start: SideStart): Promise<{ pane: string }> {
  // The daemon must be up to learn the fork's native id (its first hook), which resume and dismiss need.
  await ensureDaemon(tmux).catch(() => undefined);
  const { pane } = await launchSession(tmux, start.request, start.prepared);
  try {
    if (start.title) {
      const label = `${start.title}${SIDE_SUFFIX}`;
      await tmux.setOption({ pane }, "@agentmux-name", label);
      // A side beside its parent shares the parent's window: that window keeps its name.
      if (start.ownWindow) await tmux.renameWindow(pane, label);
    }
    if (start.typed.length > 0) {
      await waitForReady(tmux, pane, start.prepared.backend);
      for (const text of start.typed) await sendText(tmux, pane, text, { enter: false });
    }
  } catch (error) {
    const screen = await tmux.tryCapture(pane);
    await tmux.killPane(pane).catch(() => undefined);
    const last = screen === null ? "" : trimScreen(stripAnsi(screen)).split("\n").slice(-5).join("\n");
    throw new AgentmuxError(`the side conversation did not start: ${(error as Error).message}${last ? `\n${last}` : ""}`, { hint: "its pane was closed; check the agent CLI, then try again" });
  }
  return { pane };
}
