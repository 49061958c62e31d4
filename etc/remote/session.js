// One session: its state and what it asks (one button per dialog option, sending its digit), its
// last output lines (monospace, following the bottom), a reply box and a row of keys. Every key and
// reply carries the digest of the dialog shown ("" when none): the server types it only while the
// screen still shows that dialog (or, with none shown, while none is open).
import { $, ageText, banner, el } from "./dom.js";
import { api, errorText } from "./http.js";
import { metaText, needsYou, stateLabel } from "./list.js";

const KEYS = [
  ["Esc", "Escape"], ["1", "1"], ["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"],
  ["6", "6"], ["7", "7"], ["8", "8"], ["9", "9"], ["y", "y"], ["n", "n"],
  ["←", "Left"], ["↑", "Up"], ["↓", "Down"], ["→", "Right"], ["Tab", "Tab"], ["⇧Tab", "BTab"],
  ["⏎", "Enter"], ["C-c", "C-c"],
];
const KEY_NAMES = { Escape: "Escape", Left: "Left arrow", Up: "Up arrow", Down: "Down arrow", Right: "Right arrow", Enter: "Return", BTab: "Shift-Tab", "C-c": "Control-C" };

/**
 * The session shown: its pane (null on the list), whether it ended, the digest of the dialog shown
 * ("": none), why its output is old ("": live), whether the list lacks it, whether the server said it ended.
 */
export const shown = { pane: null, ended: false, gone: false, dialog: "", old: "", unlisted: false, endTold: false };

let onFailure = (e) => banner(errorText(e));

async function post(path, body) {
  try {
    await api("POST", path, body);
    banner("");
    return true;
  } catch (e) {
    onFailure(e);
    return false;
  }
}

function sendKeys(keys) {
  if (shown.pane) return post("/api/keys", { pane: shown.pane, keys, dialog: shown.dialog });
}

/** Binds the reply box and builds the keys; failed(e) handles an error (pairing, a banner). */
export function setupSession(failed) {
  onFailure = failed;
  $("keys").replaceChildren(...KEYS.map(([label, key]) => {
    const b = el("button", "key", label);
    b.type = "button";
    b.dataset.key = key;
    b.setAttribute("aria-label", KEY_NAMES[key] || label);
    b.addEventListener("click", () => sendKeys([key]));
    return b;
  }));
  const box = $("send-text");
  $("send-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const text = box.value;
    if (!text.trim() || !shown.pane) return;
    if (await post("/api/send", { pane: shown.pane, text, dialog: shown.dialog })) box.value = "";
  });
  box.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) {
      ev.preventDefault();
      $("send-form").requestSubmit();
    }
  });
}

/** Switches the view to pane (a new pane starts with empty output). */
export function showSession(pane) {
  if (shown.pane !== pane) {
    $("output").textContent = "";
    markOld("");
    $("send-text").value = "";
    shown.ended = shown.gone = shown.unlisted = shown.endTold = false;
    shown.dialog = "";
  }
  shown.pane = pane;
}

/** Renders the header, the ask and the ended notice from the session's row (null: not listed). */
export function renderSession(row, loaded) {
  $("title").textContent = row ? row.name || row.pane : shown.pane || "";
  if (row) {
    const label = stateLabel(row);
    label.id = "s-state";
    $("s-state").replaceWith(label);
    $("s-meta").textContent = metaText(row);
    const age = $("s-age");
    age.dataset.since = String(row.since || 0);
    age.textContent = ageText(row.since);
    shown.ended = row.state === "exited";
    shown.gone = shown.unlisted = false;
  } else if (loaded) {
    // Not listed: it ended. But a host that is down lists none of its sessions: one whose output
    // is old (its host down) is not taken as ended for that.
    shown.unlisted = true;
    if (!shown.old) shown.ended = shown.gone = true;
  }
  const ask = row && needsYou(row) ? row.ask : null;
  shown.dialog = ask && typeof ask.dialog === "string" ? ask.dialog : "";
  $("s-ask").hidden = !ask;
  if (ask) {
    $("s-ask-summary").textContent = ask.summary || "";
    $("s-ask-text").textContent = (ask.text || []).join("\n");
    $("s-ask-text").hidden = !(ask.text && ask.text.length);
    $("s-options").replaceChildren(...(ask.options || []).slice(0, 9).map((label, i) => {
      const b = el("button", "option", `${i + 1}. ${label}`);
      b.type = "button";
      b.dataset.key = String(i + 1);
      // The keys that pick it, as the server worked them out (a digit, Codex's "(y)", a choice's own keys).
      const keys = Array.isArray(ask.keys) && Array.isArray(ask.keys[i]) ? ask.keys[i] : [String(i + 1)];
      b.addEventListener("click", () => sendKeys(keys));
      return b;
    }));
  }
  renderEnded();
}

/** The server said the watched session ended. */
export function markEnded() {
  shown.ended = shown.gone = shown.endTold = true;
  renderEnded();
}

function renderEnded() {
  $("s-ended").hidden = !shown.ended;
  for (const c of document.querySelectorAll("#send-form button, #send-text, #keys button")) c.disabled = shown.ended;
  // An option answers the dialog read from the screen: until its digest is known (options a hook
  // told before the dialog was drawn), the server could only type it blind, so it waits.
  for (const c of document.querySelectorAll("#s-options button")) c.disabled = shown.ended || !shown.dialog;
  $("restart").disabled = shown.gone; // an exited session can still be restarted
}

/** The most characters of output the page keeps (its end): the server bounds it too. */
const MAX_OUTPUT = 256 * 1024;

/**
 * New output lines: shown whole, as text (never HTML); the view follows the bottom unless the user
 * scrolled up. Output that comes clears an "old" mark.
 */
export function setOutput(lines) {
  const pre = $("output");
  const follow = !pre.textContent || pre.scrollHeight - pre.scrollTop - pre.clientHeight < 24;
  const text = lines.map(String).join("\n");
  markOld("");
  pre.textContent = text.length > MAX_OUTPUT ? text.slice(-MAX_OUTPUT) : text;
  if (follow) pre.scrollTop = pre.scrollHeight;
}

/**
 * Another machine's session whose output cannot come now (its host is down, or its agentmux
 * older): why, in words, and the output shown marked old. "" clears it.
 */
export function markOld(why) {
  shown.old = why;
  // The list that lacked it was the host's being down, not the session's end (unless the server said so).
  if (why && shown.unlisted && !shown.endTold && shown.ended) {
    shown.ended = shown.gone = false;
    renderEnded();
  }
  $("s-old").textContent = why ? `${why}. The output below is old.` : "";
  $("s-old").hidden = !why;
  $("output").classList.toggle("old", Boolean(why));
}
