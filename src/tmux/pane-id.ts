/** A pane id as tmux names it (%12): what is taken from a page, another machine or a hook as one. */
const PANE_ID = /^%\d{1,9}$/;

/** Whether a value is a pane id (%N, at most nine digits). */
export function isPaneId(value: unknown): value is string {
  return typeof value === "string" && PANE_ID.test(value);
}
