import { pluginLine } from "../setup/tmux-conf.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { fail, ok, warn, type Finding } from "./finding.ts";

/** The plugin's main keys, their options and defaults (tmux/agentmux.tmux). */
const KEYS = [
  { option: "@agentmux-menu-key", fallback: "a", what: "the menu" },
  { option: "@agentmux-switch-key", fallback: "S", what: "the switcher" },
  { option: "@agentmux-inbox-key", fallback: "N", what: "the inbox" },
  { option: "@agentmux-next-key", fallback: "B", what: "next" },
] as const;

const PLUGIN_FIX = (root: string) => `agentmux setup offers to add the plugin line to tmux's config (${pluginLine(root)}, or TPM's set -g @plugin); then tmux source-file it`;

/** The status segment: #{@agentmux-status} in status-right or status-left, and the status line shown. */
export async function segmentFinding(tmux: Tmux, root: string): Promise<Finding> {
  const get = async (name: string) => (await tmux.getOption("global", name).catch(() => "")).trim();
  const [right, left, shown] = await Promise.all([get("status-right"), get("status-left"), get("status")]);
  const where = [right.includes("@agentmux-status") && "status-right", left.includes("@agentmux-status") && "status-left"].filter(Boolean);
  if (where.length === 0) return fail("status segment", "#{@agentmux-status} is in neither status-right nor status-left: the status line does not show the sessions", `${PLUGIN_FIX(root)}, or put #{@agentmux-status} into status-right yourself`);
  if (shown === "off") return warn("status segment", `in ${where.join(" and ")}, but the status line is off`, "set -g status on");
  return ok("status segment", `in ${where.join(" and ")}`);
}

/** The plugin's key bindings: each main key bound by agentmux, or taken by something else. */
export async function keysFinding(tmux: Tmux, root: string): Promise<Finding> {
  const notes = await tmux.keyNotes("prefix").catch(() => new Map<string, string>());
  const ours = [...notes.values()].filter((n) => n.startsWith("agentmux:")).length;
  if (ours === 0) return fail("key bindings", "no key of the prefix table is agentmux's: the plugin has not run on this server", PLUGIN_FIX(root));
  const missing: string[] = [];
  for (const key of KEYS) {
    const chosen = (await tmux.getOption("global", key.option).catch(() => "")).trim() || key.fallback;
    if (chosen === "none") continue;
    const note = notes.get(chosen);
    if (!note?.startsWith("agentmux:")) missing.push(`prefix ${chosen} (${key.what}) is ${note ? `bound to something else ("${note}")` : "not bound by agentmux"}`);
  }
  if (missing.length > 0) return warn("key bindings", missing.join("; "), "the plugin leaves a key bound by you alone: choose a free one (e.g. set -g @agentmux-menu-key m) and run the plugin again");
  return ok("key bindings", `${ours} agentmux key(s) in the prefix table`);
}
