import type { LocalServer } from "../helpers/fake-http.ts";

/** What both fake model servers answer, and how they log requests. */
export const HELLO = "Hello from the fake model.";
export const SLOW_TEXT = "This is a slow streamed answer from the fake model, word by word, to keep the CLI busy for a while.";

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** A fake model server: where it listens, and every request it got with what it decided to answer. */
export interface FakeModelServer<Logged> extends LocalServer { requests: Logged[] }

/** `word0 word1 … wordN-1.`: a long answer to stream slowly. */
export const words = (n: number): string => `${Array.from({ length: n }, (_, i) => `word${i}`).join(" ")}.`;
