import { shownState } from "../core/state-machine.ts";
import { ACCOUNT_BACKENDS, isAccountBackend } from "../backends/account-homes.ts";
import { promptLineOf } from "../backends/index.ts";
import { lookupChoice } from "../accounts/accounts.ts";
import { syncAccountHome } from "../accounts/home-sync.ts";
import { readSelection, saveSelection } from "../accounts/selection.ts";
import { readDialog, type Dialog } from "../detect/dialog.ts";
import { captureKey, pendingCount } from "../prompts/store.ts";
import { loadRoster, type RosterEntry } from "../session/roster.ts";
import { DraftInTheWay, sendText } from "../session/send.ts";
import { checkScreen, type Typing } from "../session/stale.ts";
import { isAgentmuxError } from "../util/errors.ts";
import { accountChoices, loggedInOf } from "./choices.ts";
import { fail, type Answer, type RemotePort } from "./port.ts";
import { answersDialog, checkKeys, keyList, KEYS_HINT } from "./keys.ts";
import { hostRows, itemRows, lastLines, orderRows, rowsFrom, type Row } from "./rows.ts";
import { splitHostTarget } from "../hosts/address.ts";
import { remoteSaid } from "../hosts/run.ts";
import type { Tracked } from "../daemon/tracked.ts";
import type { Tmux } from "../tmux/tmux.ts";

/** The sessions as tmux has them now (names, keys, snoozes, asks). */
export async function loadSessions(port: RemotePort): Promise<RosterEntry[]> {
  return loadRoster(port.tmux, { backendSuffix: port.config().display.backendSuffix });
}

/** Every live session as the page lists it: the roster's identity, the state as the daemon has it now. */
export function rowsOf(port: RemotePort, roster: readonly RosterEntry[], trackedOnly = false): Row[] {
  const here = rowsFrom(trackedOnly ? roster.filter((e) => port.tracked.has(e.pane)) : roster, (pane) => {
    const m = port.tracked.get(pane)?.machine;
    return m && { ...m, state: shownState(m) };
  });
  const there = [...(port.elsewhere ? hostRows(port.elsewhere.snapshots()) : []), ...itemRows(port.extra?.() ?? [])];
  return there.length === 0 ? here : orderRows([...here, ...there]);
}

/** Another machine's session (HOST:PANE): its host and pane there; null for this machine's. */
function elsewhereOf(port: RemotePort, pane: unknown): { host: string; target: string } | null {
  return port.elsewhere && typeof pane === "string" ? splitHostTarget(pane) : null;
}

/**
 * A reply or keys for another machine's session: carried out there by its agentmux (`answer`,
 * whose stale check runs against its screen; an interrupt by `keys`), the page's own checks of
 * the request made here first.
 */
async function doThere(port: RemotePort, host: string, verb: string, words: string[]): Promise<Answer> {
  const ran = await port.elsewhere?.run(host, verb, words).catch((error: Error) => ({ code: 255, stderr: error.message }));
  if (!ran || ran.code === 0) return { status: 200, body: { ok: true } };
  return fail(409, remoteSaid(ran.stderr) || `${host}: the remote agentmux exited with ${ran.code}`, "the page shows what the session asks now: answer that");
}

export async function sessionRows(port: RemotePort): Promise<Row[]> {
  return rowsOf(port, await loadSessions(port));
}

/** The watched pane's last lines (null when it is gone). */
export async function outputLines(port: RemotePort, pane: string): Promise<string[] | null> {
  return paneLastLines(port.tmux, pane, port.config().remote.outputLines);
}

/** A pane's last n lines, its scrollback included (null: the pane is gone). */
export async function paneLastLines(tmux: Pick<Tmux, "tryCapture">, pane: string, n: number): Promise<string[] | null> {
  const screen = await tmux.tryCapture(pane, { history: n });
  return screen === null ? null : lastLines(screen, n);
}

/** The session in a pane, live; else the refusal. */
function liveSession(port: RemotePort, pane: unknown): Tracked | Answer {
  if (typeof pane !== "string" || pane === "") return fail(400, "the request names no pane", "send {pane: \"%12\", ...}");
  const t = port.tracked.get(pane);
  if (!t || t.machine.state === "exited") return fail(404, `no live session in pane ${pane}`, "it may have ended: reload the list");
  return t;
}

const isAnswer = (v: object): v is Answer => "status" in v;

/** The digest of the dialog the page showed (body.dialog; absent: none shown), else the refusal. */
function shownDialog(body: Record<string, unknown>): string | Answer {
  const shown = body["dialog"] ?? "";
  if (typeof shown === "string") return shown;
  return fail(400, "dialog is not the digest of the dialog the page showed", "send the ask's dialog field as it came in the session's row, or \"\" when none was shown");
}

/**
 * The stale check (session/stale.ts, as the inbox runs it) right before anything is typed: an
 * answer goes only into the dialog the page showed, a reply only where no dialog the page did
 * not show is open. The dialog on screen when it passes (its letters are allowed keys), else the refusal.
 */
async function notStale(port: RemotePort, t: Tracked, shown: string, typing: Typing): Promise<{ onScreen: Dialog | null } | Answer> {
  const manifest = port.manifest(t);
  const verdict = await checkScreen(port.tmux, t.pane, shown, (screen) => (manifest ? readDialog(manifest, screen) : null), typing);
  if (verdict.ok) return { onScreen: verdict.onScreen };
  if (verdict.gone) return fail(404, `no live session in pane ${t.pane}`, "it may have ended: reload the list");
  return fail(409, `${t.pane}: ${verdict.why}`, "the page shows what the session asks now: answer that");
}

/** POST /api/send: the guarded submit of `agentmux send` (never into a dialog the page did not show), then the table is told a prompt was submitted. */
export async function send(port: RemotePort, body: Record<string, unknown>): Promise<Answer> {
  const there = elsewhereOf(port, body["pane"]);
  if (there) {
    const text = body["text"];
    if (typeof text !== "string" || text.trim() === "") return fail(400, "the reply is empty", "type the text to send");
    const shown = shownDialog(body);
    if (typeof shown !== "string") return shown;
    return doThere(port, there.host, "answer", [`--dialog=${shown}`, `--reply=${text}`, "--", there.target]);
  }
  const t = liveSession(port, body["pane"]);
  if (isAnswer(t)) return t;
  const text = body["text"];
  if (typeof text !== "string" || text.trim() === "") return fail(400, "the reply is empty", "type the text to send");
  const shown = shownDialog(body);
  if (typeof shown !== "string") return shown;
  const checked = await notStale(port, t, shown, "reply");
  if (isAnswer(checked)) return checked;
  const typing = Date.now();
  try {
    await sendText(port.sendTmux, t.pane, text, { enter: true, promptLine: promptLineOf(t.backend) });
  } catch (error) {
    if (error instanceof DraftInTheWay) return fail(409, `${error.message}: nothing was sent`, error.hint);
    throw error;
  }
  await port.typed(t.pane, "submit", typing);
  return { status: 200, body: { ok: true } };
}

/**
 * POST /api/keys: the page's keys only (src/remote/keys.ts). Keys that may answer a dialog (any
 * but Escape and C-c) carry the digest of the dialog the page showed and go in only while the
 * screen shows it (none shown: only while none is open); a letter only where that dialog names
 * it. An Escape is evidence of an interrupt, as one typed in the pane.
 */
export async function keys(port: RemotePort, body: Record<string, unknown>): Promise<Answer> {
  const there = elsewhereOf(port, body["pane"]);
  if (there) {
    const listed = keyList(body["keys"]);
    if (!listed.ok) return fail(400, `key ${listed.refused} is not allowed`, KEYS_HINT);
    const shown = shownDialog(body);
    if (typeof shown !== "string") return shown;
    return answersDialog(listed.keys)
      ? doThere(port, there.host, "answer", [`--dialog=${shown}`, "--", there.target, ...listed.keys])
      : doThere(port, there.host, "keys", ["--", there.target, ...listed.keys]);
  }
  const t = liveSession(port, body["pane"]);
  if (isAnswer(t)) return t;
  const listed = keyList(body["keys"]);
  if (!listed.ok) return fail(400, `key ${listed.refused} is not allowed`, KEYS_HINT);
  const shown = shownDialog(body);
  if (typeof shown !== "string") return shown;
  let onScreen: Dialog | null = null;
  if (answersDialog(listed.keys)) {
    const checked = await notStale(port, t, shown, shown === "" ? "reply" : "answer");
    if (isAnswer(checked)) return checked;
    onScreen = checked.onScreen;
  }
  const checked = checkKeys(listed.keys, onScreen);
  if (!checked.ok) return fail(400, `key ${checked.refused} is not allowed: no option of the dialog on screen is picked with it`, KEYS_HINT);
  await port.tmux.sendKeys(t.pane, checked.keys);
  await port.typed(t.pane, checked.keys.includes("Escape") ? "escape" : "keys");
  return { status: 200, body: { ok: true } };
}

/** GET /api/accounts?pane=P: the backend's pools and accounts with their usage. */
export function accounts(port: RemotePort, pane: string | null): Answer {
  const t = liveSession(port, pane);
  if (isAnswer(t)) return t;
  if (!isAccountBackend(t.backend)) return fail(400, `${t.backend} sessions do not run under accounts`, `accounts work for ${ACCOUNT_BACKENDS.join(" and ")}`);
  const config = port.config();
  const current = t.record.account || null;
  const selected = readSelection(port.stateDir).selected[t.backend] ?? null;
  return { status: 200, body: { backend: t.backend, current, selected, choices: accountChoices(config, t.backend, port.readings, loggedInOf(config, t.backend), Date.now()) } };
}

/**
 * POST /api/restart: what selecting the account and then restarting does: the choice becomes the
 * selection for new sessions (its homes synced), and the session resumes its conversation under it
 * (a pool routed to a member) through `agentmux restart`. A session with captured prompts is refused.
 */
export async function restart(port: RemotePort, body: Record<string, unknown>): Promise<Answer> {
  const t = liveSession(port, body["pane"]);
  if (isAnswer(t)) return t;
  const account = body["account"];
  if (typeof account !== "string" || account === "") return fail(400, "the request names no account", "send {pane, account}");
  if (!isAccountBackend(t.backend)) return fail(400, `${t.backend} sessions do not run under accounts`, `accounts work for ${ACCOUNT_BACKENDS.join(" and ")}`);
  const config = port.config();
  const backend = t.backend;
  let members;
  try {
    const choice = lookupChoice(config, backend, account);
    members = choice.kind === "pool" ? choice.pool.members : [choice.account];
  } catch (error) {
    if (isAgentmuxError(error)) return fail(400, error.message, error.hint);
    throw error;
  }
  if (!members.some((m) => loggedInOf(config, backend)(m.name))) return fail(409, `${account} is logged out`, `log in first: agentmux account login ${backend} ${members[0]?.name ?? account}`);
  // The identity as tmux has it now (the tracked record may predate a rename or a restart).
  const session = (await loadRoster(port.tmux)).find((e) => e.pane === t.pane);
  if (!session) return fail(404, `no live session in pane ${t.pane}`, "it may have ended: reload the list");
  const pending = pendingCount(captureKey(session), port.stateDir);
  if (pending > 0) return fail(409, `restart refused: the session has ${pending} captured prompt${pending === 1 ? "" : "s"} not inserted yet, which the account change would orphan`, "insert them first (agentmux prompt insert) at the terminal");
  for (const m of members) syncAccountHome(backend, m);
  saveSelection(port.stateDir, backend, account);
  port.log(`remote: restart ${t.pane} under ${account}`);
  const done = await port.restart(t.pane, account);
  if (!done.ok) return fail(500, `restart failed: ${done.message}`);
  return { status: 200, body: { ok: true, pane: t.pane, account: done.account, ...(done.fresh ? { fresh: done.fresh } : {}) } };
}
