import type { Config } from "../config/config.ts";

/** What was handed to `agentmux route`: its text, and where it came from (for messages). */
export interface Thing {
  text: string;
  /** "argument", "stdin", "the paste buffer", "the selection". */
  source: string;
  /** The directory relative paths in the text resolve against. */
  cwd: string;
}

/**
 * What an extractor answers (the three layers' middle word): where the session should run, what to
 * send it, and whether that submits. Exactly one of directory, suggestedDirectory, text is what the
 * project choice starts from; none: the project is read from the account's sources unranked.
 */
export interface RouteContext {
  /** The kind, as recognise names it ("GitHub URL", "TODO item"...). */
  kind: string;
  /** The thing carries a working directory (absolute): a new session starts there. */
  directory?: string | undefined;
  /** A directory worked out for it: the picker opens on it (a bare Enter takes it). */
  suggestedDirectory?: string | undefined;
  /** Text to rank the project candidates against. */
  text?: string | undefined;
  /** What goes to the session. */
  payload: string;
  /** Whether the payload is a request (submitted) or a reference to read (typed, left for the user). */
  submit: boolean;
  /** Run once the payload is delivered (a TODO's marker); answers a note to print, or null. */
  after?: (() => string | null) | undefined;
  resume?: undefined;
  /** Undo what extraction created, when delivery fails (a saved backtrace). */
  undo?: (() => void) | undefined;
  /** A note for the user (e.g. a title could not be fetched). */
  notes?: string[] | undefined;
}

/** A session to go to rather than a task to deliver (`claude --resume ID`). */
export interface ResumeTarget { kind: "resume line"; resume: true; backend: string; id: string }

/** What the extractors may use, captured before extraction begins. */
export interface ExtractEnv {
  config: Config;
  /** The backend the session will run (resolved first). */
  backend: string;
  /** Its account, captured with it: the project sources read are this account's. */
  account: string | null;
  /** False when the payload goes to a running session (--to, --pick): no directory is worked out. */
  resolveDirectory: boolean;
  /** Where extraction may save files (the full text of a backtrace). */
  stateDir: string;
  /** The clone of a repository ("owner/name") in the account's project sources, or null. */
  repositoryDirectory: (slug: string) => string | null;
  /** Runs gh (when installed and logged in): its stdout, or null. */
  gh: (args: string[]) => Promise<string | null>;
  env: Record<string, string | undefined>;
}

export interface Extractor {
  /** The kind's name, as the error naming every kind says it. */
  kind: string;
  /** Pure: whether the thing has this kind's shape. */
  matches(thing: Thing): boolean;
  extract(thing: Thing, env: ExtractEnv): Promise<RouteContext | ResumeTarget>;
}
