import type { Ask } from "../core/ask.ts";
import { causeText, type Cause } from "../backends/hook-cause.ts";
import { INTERRUPTED } from "./ask-build.ts";

/**
 * What a notification says of a session that needs the user: one text per Ask. The Ask the daemon
 * published (whichever channel read it first: a hook's payload, the dialog on screen, the
 * transcript) is what the inbox, the switcher and the phone page show, so the notification says
 * the same: its kind and its summary (a plan by its first line). Without an Ask, the cause's own
 * words. `said`: whether the text says what (not only "asks permission"). Pure.
 */
export function needText(name: string, state: string, cause: Cause | undefined, ask: Ask | null): { text: string; reason: string; said: boolean } {
  const fits = ask !== null && (state === "waiting" ? ask.kind === "answer" : state === "blocked" && ask.kind !== "answer");
  if (!fits) return { text: causeText(name, state, cause), reason: cause?.why ?? (state === "blocked" ? "needs you" : "finished"), said: Boolean(cause?.detail) };
  const why: Cause["why"] | undefined = ask.kind === "answer" ? "finished" : ask.kind === "dialog" ? cause?.why : ask.kind;
  const said = ask.kind === "plan" ? ask.text[0] : ask.summary;
  const detail = said && said !== INTERRUPTED ? said : cause?.detail;
  const shown: Cause | undefined = why ? { why, ...(detail ? { detail } : {}) } : detail ? { why: "declared", detail } : undefined;
  return { text: causeText(name, state, shown), reason: why ?? (state === "blocked" ? "needs you" : "finished"), said: Boolean(shown?.detail) };
}
