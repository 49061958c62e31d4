/** Format strings for list-panes / list-windows / list-clients, and their parsers. */

export const SEP = "\x1f";

/** Pane fields: tmux format variable → record key. User options are read the same way. */
export const PANE_FIELDS = {
  pane: "pane_id",
  session: "session_name",
  sessionId: "session_id",
  window: "window_id",
  windowIndex: "window_index",
  windowName: "window_name",
  paneIndex: "pane_index",
  pid: "pane_pid",
  tty: "pane_tty",
  command: "pane_current_command",
  path: "pane_current_path",
  title: "pane_title",
  dead: "pane_dead",
  deadStatus: "pane_dead_status",
  exitStatus: "@agentmux-exit",
  active: "pane_active",
  windowActive: "window_active",
  alternate: "alternate_on",
  width: "pane_width",
  height: "pane_height",
  backend: "@agentmux-backend",
  icon: "@agentmux-icon",
  account: "@agentmux-account",
  dir: "@agentmux-dir",
  instance: "@agentmux-instance",
  id: "@agentmux-id",
  tokenHash: "@agentmux-token-hash",
  label: "@agentmux-name",
  group: "@agentmux-group",
  forkedFrom: "@agentmux-forked-from",
  parent: "@agentmux-parent",
  side: "@agentmux-side",
  started: "@agentmux-started",
  state: "@agentmux-state",
  stateSince: "@agentmux-state-since",
  status: "@agentmux-status-text",
  statusStale: "@agentmux-status-stale",
  background: "@agentmux-background",
  machine: "@agentmux-machine",
  model: "@agentmux-model",
  effort: "@agentmux-effort",
  turnMs: "@agentmux-turn-ms",
  snoozed: "@agentmux-snoozed",
  switchKey: "@agentmux-key",
  norestore: "@agentmux-norestore",
  launch: "@agentmux-launch",
  clientActivity: "window_active_clients",
} as const;

export type PaneRecord = { [K in keyof typeof PANE_FIELDS]: string };

export const WINDOW_FIELDS = {
  window: "window_id",
  session: "session_name",
  index: "window_index",
  name: "window_name",
  active: "window_active",
  panes: "window_panes",
} as const;
export type WindowRecord = { [K in keyof typeof WINDOW_FIELDS]: string };

export const CLIENT_FIELDS = {
  tty: "client_tty",
  session: "client_session",
  pid: "client_pid",
  termname: "client_termname",
  control: "client_control_mode",
  activity: "client_activity",
} as const;
export type ClientRecord = { [K in keyof typeof CLIENT_FIELDS]: string };

/** Ends each record, so a value holding a newline (a directory may) does not split its record. */
export const END = "\x1e";

export function buildFormat(fields: Record<string, string>): string {
  return `${Object.values(fields).map((name) => `#{${name}}`).join(SEP)}${END}`;
}

/**
 * Options whose value is stored escaped for formats (`#` doubled, safe-text.ts's escapeFormat), since
 * users put them in pane-border-format as they are: read back as the text itself.
 */
const STORED_ESCAPED: ReadonlySet<string> = new Set(["@agentmux-status-text"]);

type Rec<F> = { [K in keyof F]: string };

/** Each record's text, printed with buildFormat: lines up to an END (a value may hold a newline), or each line without one. */
function recordTexts(output: string | readonly string[]): string[] {
  if (!Array.isArray(output)) {
    const text = output as string;
    return text.includes(END) ? text.split(/\x1e(?:\n|$)/) : text.split("\n");
  }
  const lines = output as readonly string[];
  if (!lines.some((l) => l.endsWith(END))) return [...lines];
  const texts: string[] = [];
  let pending: string | null = null;
  for (const line of lines) {
    const joined: string = pending === null ? line : `${pending}\n${line}`;
    if (joined.endsWith(END)) { texts.push(joined.slice(0, -END.length)); pending = null; } else pending = joined;
  }
  if (pending !== null) texts.push(pending);
  return texts;
}

function parseRecord<F extends Record<string, string>>(fields: F, keys: Array<keyof F>, text: string): Rec<F> | null {
  const values = text.split(SEP);
  if (values.length !== keys.length) return null;
  const record = {} as Rec<F>;
  keys.forEach((key, i) => {
    const value = values[i] ?? "";
    record[key] = STORED_ESCAPED.has(fields[key] as string) ? value.replaceAll("##", "#") : value;
  });
  return record;
}

/** Parse the records printed with buildFormat(fields) (the output as text, or as its lines). A record with the wrong field count is skipped. */
export function parseRecords<F extends Record<string, string>>(fields: F, output: string | readonly string[]): Array<Rec<F>> {
  const keys = Object.keys(fields) as Array<keyof F>;
  const records: Array<Rec<F>> = [];
  for (const text of recordTexts(output)) {
    const record = text === "" ? null : parseRecord(fields, keys, text);
    if (record) records.push(record);
  }
  return records;
}

/**
 * parseRecords for a listing read again and again (the daemon's every few seconds): a record whose
 * text is the same as at the last reading is the same (frozen) object, not parsed again.
 */
export class RecordReader<F extends Record<string, string>> {
  private readonly keys: Array<keyof F>;
  private last = new Map<string, Readonly<Rec<F>>>();

  constructor(private readonly fields: F) {
    this.keys = Object.keys(fields) as Array<keyof F>;
  }

  parse(output: string | readonly string[]): Array<Readonly<Rec<F>>> {
    const next = new Map<string, Readonly<Rec<F>>>();
    const records: Array<Readonly<Rec<F>>> = [];
    for (const text of recordTexts(output)) {
      if (text === "") continue;
      const record = this.last.get(text) ?? parseRecord(this.fields, this.keys, text);
      if (!record) continue;
      next.set(text, Object.freeze(record));
      records.push(record);
    }
    this.last = next;
    return records;
  }
}

export const PANE_FORMAT = buildFormat(PANE_FIELDS);
export const WINDOW_FORMAT = buildFormat(WINDOW_FIELDS);
export const CLIENT_FORMAT = buildFormat(CLIENT_FIELDS);
