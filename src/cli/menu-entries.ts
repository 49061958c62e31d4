import { answerToShell, commandPromptArgs, menuArgs, popupArgs, promptSafe, runShell, tmuxCommand, type MenuItem } from "../tmux/menu.ts";
import { shQuote } from "../util/sh.ts";

/** What the menu is built for: the client and pane it opened on, and which agentmux commands exist. */
export interface MenuContext {
  /** The sh words that run this agentmux (node, script, server arguments), quoted. */
  self: string;
  client: string;
  pane: string;
  /** The pane's session, when the pane is one (the "Current session" entries need it). */
  session: { name: string; group?: string } | null;
  /** The pane's working directory (where "new session" starts). */
  dir: string;
  /** Every command path the CLI registers ("new", "daemon logs"): an entry needing another is left out. */
  available: ReadonlySet<string>;
}

interface Entry {
  label: string;
  key: string;
  /** The agentmux command this entry runs; without it the entry is not shown. */
  requires: string;
  /** Acts on the current session: dimmed when the pane is not one. */
  current?: boolean;
  command: (c: MenuContext) => string;
}

interface Section { title: string; entries: Entry[]; /** Opened as a submenu on this key (the seed's "t ." and "p c"). */ prefix?: string }

const popup = (c: MenuContext, title: string, sh: string, wait = true) =>
  tmuxCommand(popupArgs({ client: c.client, title, command: wait ? `${sh}; printf '\\n(press Enter)'; read -r _` : sh }));
const agentmux = (c: MenuContext, ...words: string[]) => `${c.self} ${words.map(shQuote).join(" ")}`;
/** Ask in the client's prompt; the sh command gets the answer as "$1" (src/tmux/menu.ts answerToShell). */
const ask = (c: MenuContext, prompt: string, sh: string, initial?: string) =>
  tmuxCommand(commandPromptArgs({ client: c.client, prompt, initial, template: answerToShell(sh) }));
/**
 * Ask in the client's prompt, then run `sh ANSWER` in a popup (where it may ask more). The answer
 * reaches the popup as $AGENTMUX_ANSWER (display-popup -e), never inside a command string; a
 * blank answer runs nothing.
 */
const askInPopup = (c: MenuContext, prompt: string, title: string, sh: string) => {
  const [, ...rest] = popupArgs({ client: c.client, title, command: `${sh} "$AGENTMUX_ANSWER"; printf '\\n(press Enter)'; read -r _` });
  return ask(c, prompt, `[ -z "$1" ] || tmux display-popup -e "AGENTMUX_ANSWER=$1" ${rest.map(shQuote).join(" ")}`);
};
const sessionName = (c: MenuContext) => c.session?.name ?? "the session";

/**
 * The menu, laid out like the seed's agent-menu: Sessions, Account, Current session, Changes, Tools, Chief,
 * Prompts, Options. It holds only commands that exist; a later feature adds its entry here, and
 * a section with no entry is left out.
 */
export const MENU: Section[] = [
  { title: "Sessions", entries: [
    { label: "new session here", key: "n", requires: "new", command: (c) => runShell(agentmux(c, "new", "--dir", c.dir)) },
    { label: "select session", key: "s", requires: "switch", command: (c) => popup(c, "agentmux", agentmux(c, "switch", "--client", c.client), false) },
    { label: "inbox", key: "i", requires: "inbox", command: (c) => popup(c, "agentmux inbox", agentmux(c, "inbox", "--client", c.client), false) },
    { label: "jump to waiting", key: "w", requires: "next", command: (c) => runShell(agentmux(c, "next", "--client", c.client, "--from", c.pane)) },
    { label: "list sessions", key: "l", requires: "list", command: (c) => popup(c, "sessions", agentmux(c, "list")) },
    { label: "resume a past conversation…", key: "c", requires: "resume", command: (c) => popup(c, "resume", agentmux(c, "resume", "--dir", c.dir, "--client", c.client)) },
    { label: "restore sessions", key: "O", requires: "restore", command: (c) => popup(c, "restore", agentmux(c, "restore")) },
  ] },
  { title: "Account", prefix: "a", entries: [
    { label: "list accounts", key: "a", requires: "account list", command: (c) => popup(c, "accounts", agentmux(c, "account", "list")) },
    { label: "select account…", key: "s", requires: "account select", command: (c) => popup(c, "select account", agentmux(c, "account", "select")) },
    { label: "log in…", key: "l", requires: "account login", command: (c) => tmuxCommand(commandPromptArgs({ prompt: "log in account:", template: popup(c, "login", `${promptSafe(agentmux(c, "account", "login", "--no-popup"))} '%%%'`) })) },
    { label: "usage", key: "u", requires: "usage", command: (c) => popup(c, "usage", agentmux(c, "usage"), false) },
  ] },
  { title: "Current session", entries: [
    { label: "toggle snooze", key: "z", requires: "snooze", current: true, command: (c) => runShell(agentmux(c, "snooze", "--ask", "--client", c.client, c.pane)) },
    { label: "rename", key: "r", requires: "rename", current: true, command: (c) => tmuxCommand(commandPromptArgs({ initial: c.session?.name ?? "", prompt: "rename session:", template: runShell(`${promptSafe(agentmux(c, "rename", c.pane))} '%%%'`) })) },
    // send: the text typed and submitted as `agentmux send` does (its guarded submit); nothing typed, nothing sent.
    { label: "send…", key: "m", requires: "send", current: true, command: (c) => ask(c, `send to ${sessionName(c)}:`, `[ -z "$1" ] || ${agentmux(c, "send", c.pane)} -- "$1"`) },
    // watch: arm a pattern on the fly (the seed's v); an empty one disarms. Its report is not
    // shown: run-shell would put the pane in view mode, where the next keys typed into it go.
    { label: "watch…", key: "v", requires: "watch", current: true, command: (c) => ask(c, `watch ${sessionName(c)} for (extended regex; blank disarms):`, `${agentmux(c, "watch", c.pane)} "$1" >/dev/null`) },
    // group: set it, or clear it with a blank answer.
    { label: "group…", key: "g", requires: "group", current: true, command: (c) => ask(c, `group of ${sessionName(c)} (blank: none):`, `if [ -z "$1" ]; then ${agentmux(c, "ungroup", c.pane)}; else ${agentmux(c, "group", c.pane)} "$1"; fi`, c.session?.group ?? "") },
    { label: "handoff", key: "h", requires: "handoff", current: true, command: (c) => runShell(agentmux(c, "handoff", c.pane)) },
    { label: "branch", key: "b", requires: "branch", current: true, command: (c) => popup(c, "branch", agentmux(c, "branch", c.pane)) },
    { label: "branch into a worktree", key: "W", requires: "branch", current: true, command: (c) => popup(c, "branch", agentmux(c, "branch", "--worktree", c.pane)) },
    { label: "branches…", key: "B", requires: "branches", current: true, command: (c) => popup(c, "branches", agentmux(c, "branches", c.pane, "--client", c.client)) },
    // A side question in a fork beside the session (the seed's side conversation), its own pane.
    { label: "side conversation", key: "q", requires: "side", current: true, command: (c) => popup(c, "side", agentmux(c, "side", c.pane)) },
    { label: "restart", key: "R", requires: "restart", current: true, command: (c) => popup(c, "restart", agentmux(c, "restart", c.pane)) },
    { label: "explain its state", key: "e", requires: "detect", current: true, command: (c) => popup(c, "detect", agentmux(c, "detect", c.pane, "--explain")) },
    { label: "exit", key: "x", requires: "exit", current: true, command: (c) => runShell(agentmux(c, "exit", c.pane)) },
    { label: "exit immediately", key: "X", requires: "exit", current: true, command: (c) => runShell(agentmux(c, "exit", "--now", c.pane)) },
    // kill: in a popup, where kill protection asks first (as the kill key does).
    { label: "kill", key: "k", requires: "kill", current: true, command: (c) => popup(c, "kill", `${agentmux(c, "kill", c.pane)} || sleep 3`, false) },
  ] },
  // What the session changed, its review and its worktree (src/branch/).
  { title: "Changes", prefix: "d", entries: [
    // What the agent changed (agentmux diff), in a pager when there is one.
    { label: "diff: what it changed", key: "d", requires: "diff", current: true, command: (c) => popup(c, "diff", `${agentmux(c, "diff", c.pane)} 2>&1 | if command -v less >/dev/null; then less -R; else cat; printf '(press Enter)'; read -r _ </dev/tty; fi`, false) },
    { label: "review: comment on its changes", key: "r", requires: "review", current: true, command: (c) => popup(c, "review", agentmux(c, "review", c.pane)) },
    { label: "merge its worktree", key: "m", requires: "merge", current: true, command: (c) => popup(c, "merge", agentmux(c, "merge", c.pane)) },
    { label: "worktrees", key: "w", requires: "worktree list", command: (c) => popup(c, "worktrees", agentmux(c, "worktree", "list")) },
  ] },
  { title: "Tools", prefix: "t", entries: [
    { label: "daemon status", key: "d", requires: "daemon status", command: (c) => popup(c, "daemon", agentmux(c, "daemon", "status")) },
    { label: "daemon log", key: "l", requires: "daemon logs", command: (c) => popup(c, "daemon log", agentmux(c, "daemon", "logs", "-n", "40")) },
    { label: "doctor", key: "D", requires: "doctor", command: (c) => popup(c, "doctor", agentmux(c, "doctor")) },
    { label: "route…", key: ".", requires: "route", command: (c) => popup(c, "route", `${agentmux(c, "route", "--client", c.client)} || (printf '(press Enter)' && read -r _)`, false) },
    // run skill (the seed's t r): typed into the current session; its declared arguments are asked in the popup.
    { label: "run skill…", key: "r", requires: "skill run", current: true, command: (c) => askInPopup(c, `skill to run in ${sessionName(c)}:`, "skill", agentmux(c, "skill", "run", "--to", c.pane)) },
  ] },
  // The chief of staff (src/chief/): its session, its state file, its timer.
  { title: "Chief", prefix: "C", entries: [
    { label: "start chief", key: "s", requires: "chief start", command: (c) => popup(c, "chief", agentmux(c, "chief", "start")) },
    { label: "go to the chief session", key: "g", requires: "chief switch", command: (c) => runShell(agentmux(c, "chief", "switch")) },
    { label: "tick now", key: "t", requires: "chief tick", command: (c) => popup(c, "chief tick", agentmux(c, "chief", "tick")) },
    { label: "add a note…", key: "n", requires: "chief note", command: (c) => askInPopup(c, "note for the chief:", "chief note", agentmux(c, "chief", "note")) },
    { label: "set today's plan…", key: "p", requires: "chief plan", command: (c) => askInPopup(c, "today's plan:", "chief plan", agentmux(c, "chief", "plan")) },
    { label: "open state file", key: "o", requires: "chief open", command: (c) => runShell(agentmux(c, "chief", "open")) },
    { label: "status", key: "i", requires: "chief status", command: (c) => popup(c, "chief status", agentmux(c, "chief", "status")) },
    { label: "stop timer", key: "x", requires: "chief stop", command: (c) => popup(c, "chief", agentmux(c, "chief", "stop")) },
  ] },
  { title: "Prompts", prefix: "p", entries: [
    { label: "capture prompt", key: "c", requires: "prompt capture", current: true, command: (c) => runShell(agentmux(c, "prompt", "capture", "--client", c.client, c.pane)) },
    { label: "insert captured prompt", key: "i", requires: "prompt insert", current: true, command: (c) => popup(c, "insert prompt", `${agentmux(c, "prompt", "insert", c.pane)} || { printf '\\n(press Enter)'; read -r _; }`, false) },
    // batch TODOs (the seed's p b): a file's TODO entries run one by one in the pane's directory; which ones is asked in the popup.
    { label: "batch TODOs…", key: "b", requires: "batch", command: (c) => askInPopup(c, "batch the TODOs of file:", "batch", agentmux(c, "batch", "--dir", c.dir)) },
  ] },
  // Options: account selection first, as the seed lays it out, then theme sync (buffer protection,
  // branch warnings and ready alerts have no agentmux setting to toggle, so no entry).
  { title: "Options", prefix: "o", entries: [
    { label: "select account…", key: "c", requires: "account select", command: (c) => popup(c, "select account", agentmux(c, "account", "select")) },
    { label: "theme: light", key: "l", requires: "theme", command: (c) => popup(c, "theme", agentmux(c, "theme", "light")) },
    { label: "theme: dark", key: "d", requires: "theme", command: (c) => popup(c, "theme", agentmux(c, "theme", "dark")) },
    { label: "theme: auto", key: "a", requires: "theme", command: (c) => popup(c, "theme", agentmux(c, "theme", "auto")) },
  ] },
];

function entryItem(e: Entry, c: MenuContext): MenuItem {
  const disabled = e.current === true && c.session === null;
  return { kind: "item", label: e.label, key: e.key, command: disabled ? "" : e.command(c), disabled };
}

/** The menu's items: sections in order, each headed; a prefixed section is one item opening its submenu. */
export function menuItems(c: MenuContext, sections: readonly Section[] = MENU): MenuItem[] {
  const items: MenuItem[] = [];
  for (const section of sections) {
    const entries = section.entries.filter((e) => c.available.has(e.requires));
    if (entries.length === 0) continue;
    if (items.length > 0) items.push({ kind: "separator" });
    if (section.prefix) {
      const sub = menuArgs({ title: section.title, client: c.client, pane: c.pane, items: entries.map((e) => entryItem(e, c)) });
      items.push({ kind: "item", label: `${section.title.toLowerCase()}…`, key: section.prefix, command: tmuxCommand(sub) });
      continue;
    }
    const title = section.title === "Current session" && c.session ? `${section.title}: ${c.session.name}` : section.title;
    items.push({ kind: "header", label: title }, ...entries.map((e) => entryItem(e, c)));
  }
  return items;
}
