// One session: its state and what it asks (one button per dialog option, sending its digit), its
// last output lines (monospace, following the bottom), a reply box and a row of keys. Every key and
// reply carries the digest of the dialog shown ("" when none): the server types it only while the
// screen still shows that dialog (or, with none shown, while none is open).
import { $, ageText, banner, el } from "./dom.js";
import { api, errorText } from "./http.js";
import { metaText, needsYou, rowSince, stateLabel } from "./list.js";

const KEYS = [
  ["Esc", "Escape"], ["1", "1"], ["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"],
  ["6", "6"], ["7", "7"], ["8", "8"], ["9", "9"], ["y", "y"], ["n", "n"],
  ["←", "Left"], ["↑", "Up"], ["↓", "Down"], ["→", "Right"], ["Tab", "Tab"], ["⇧Tab", "BTab"],
  ["⏎", "Enter"], ["C-c", "C-c"],
];
const KEY_NAMES = { Escape: "Escape", Left: "Left arrow", Up: "Up arrow", Down: "Down arrow", Right: "Right arrow", Enter: "Return", BTab: "Shift-Tab", "C-c": "Control-C" };

/**
 * The session shown: its pane (null on the list), the name it was last listed under, the digest of
 * the dialog shown ("": none), why its output is old ("": live), and what was said of its end: its
 * row says it exited, the last list lacked it (and no output came since), the server said it ended.
 * Whether it ended is derived (ended(), gone()): a list that lacks it while its output is old (its
 * host down) is not its end.
 */
export const shown = { pane: null, name: "", dialog: "", old: "", exited: false, unlisted: false, endTold: false };

/** The session ended (or exited): nothing can be typed into it. */
function ended() {
  return shown.endTold || shown.exited || (shown.unlisted && !shown.old);
}

/** The session is gone (an exited one can still be restarted). */
function gone() {
  return shown.endTold || (shown.unlisted && !shown.old);
}

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
    $("send-text").value = "";
    shown.exited = shown.unlisted = shown.endTold = false;
    shown.dialog = shown.name = "";
    markOld("");
  }
  shown.pane = pane;
}

/** Renders the header, the ask and the ended notice from the session's row (null: not listed). */
export function renderSession(row, loaded) {
  // Unlisted (ended, or its host down before this page listed it): the name it was last listed under.
  if (row) shown.name = row.name || row.pane;
  $("title").textContent = shown.name || shown.pane || "";
  if (row) {
    const label = stateLabel(row);
    label.id = "s-state";
    $("s-state").replaceWith(label);
    $("s-meta").textContent = metaText(row);
    const age = $("s-age");
    age.dataset.since = String(rowSince(row) || 0);
    age.textContent = ageText(rowSince(row));
    shown.exited = row.state === "exited";
    shown.unlisted = false;
  } else if (loaded) {
    shown.unlisted = true;
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
  shown.endTold = true;
  renderEnded();
}

function renderEnded() {
  const over = ended();
  $("s-ended").hidden = !over;
  for (const c of document.querySelectorAll("#send-form button, #send-text, #keys button")) c.disabled = over;
  // An option answers the dialog read from the screen: until its digest is known (options a hook
  // told before the dialog was drawn), the server could only type it blind, so it waits.
  for (const c of document.querySelectorAll("#s-options button")) c.disabled = over || !shown.dialog;
  $("restart").disabled = gone(); // an exited session can still be restarted
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
  // Output came: the pane lives, whatever a list said while its host was down.
  shown.unlisted = false;
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
  renderEnded();
  $("s-old").textContent = why ? `${why}. The output below is old.` : "";
  $("s-old").hidden = !why;
  $("output").classList.toggle("old", Boolean(why));
}
