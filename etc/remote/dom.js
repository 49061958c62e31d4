// Small DOM helpers of the phone page. Text goes in as textContent, never as HTML.

export const $ = (id) => document.getElementById(id);

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The error line at the top ("" hides it). */
export function banner(text) {
  const b = $("banner");
  b.textContent = text || "";
  b.hidden = !text;
}

/** A time in a state, from its start (epoch ms): "42s", "3m 05s", "2h 10m", "3d 4h". */
export function ageText(since) {
  if (!since) return "";
  let s = Math.max(0, Math.floor((Date.now() - since) / 1000));
  if (s < 60) return `${s}s`;
  let m = Math.floor(s / 60);
  s %= 60;
  if (m < 60) return `${m}m ${String(s).padStart(2, "0")}s`;
  const h = Math.floor(m / 60);
  m %= 60;
  if (h < 48) return `${h}h ${String(m).padStart(2, "0")}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

/** Every element with data-since shows its age; called once a second. */
export function tickAges() {
  for (const span of document.querySelectorAll("[data-since]")) span.textContent = ageText(Number(span.dataset.since));
}
