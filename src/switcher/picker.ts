import type { RosterEntry } from "../session/roster.ts";
import { AgentmuxError } from "../util/errors.ts";
import { fuzzyReady, loadFuzzy } from "./fuzzy.ts";
import { parseKeys } from "./input.ts";
import { screenLine, screenLines } from "./preview.ts";
import { frame, type PreviewFrame } from "./render.ts";
import { orderRows, toRow, type Row } from "./rows.ts";
import type { HostConfig } from "../config/config.ts";
import { initialState, visibleRows, press, withRows, type PickerState } from "./state.ts";
import { takeTerminal } from "../util/terminal.ts";

export interface SwitcherSettings {
  annotations: string[]; annotationMaxWidth: number | null; backendSuffix: boolean; stats?: string | null;
  /** display.quota on: an account's remaining quota ("62%"), shown beside it. */
  quota?: ((backend: string, account: string) => string) | null;
  /** The configured hosts (docs/hosts.md): their sessions are listed after this machine's. */
  hosts?: readonly HostConfig[];
}

export const DEFAULT_SETTINGS: SwitcherSettings = { annotations: [], annotationMaxWidth: null, backendSuffix: false };

export interface PickerOptions {
  /** The sessions now (called at open and at every refresh). */
  load: (settings: SwitcherSettings) => Promise<RosterEntry[]>;
  /** Other machines' sessions as rows (src/switcher/host-rows.ts), once the settings name hosts; at every refresh. */
  remote?: (settings: SwitcherSettings) => Promise<Row[]>;
  /** The switcher's config; asked for once the first frame is up, so the list never waits on it. */
  settings: () => Promise<SwitcherSettings>;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  refreshMs?: number;
  /** The preview (Tab): a pane's screen (null when the pane is gone), and the toggle remembered across openings. */
  preview?: PreviewSource;
}

export interface PreviewSource {
  capture: (pane: string) => Promise<string | null>;
  /** Whether the preview was on when the switcher last closed; read while the first list loads. */
  remembered: () => Promise<boolean>;
  remember: (on: boolean) => Promise<void>;
  /** What a session changed (`agentmux diff --stat` and the diff), for the diff view; none: no diff view. */
  diff?: (pane: string) => Promise<string | null>;
}

/**
 * The switcher in a terminal (a tmux popup): draws the sessions, answers keys at once, refreshes
 * every 5 s (ages, states, annotations, the preview). Resolves with the chosen pane, or null when dismissed.
 */
export async function pick(options: PickerOptions): Promise<string | null> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  if (!stdin.isTTY) {
    throw new AgentmuxError("the switcher needs a terminal", { hint: "open it with its key binding (prefix S), or run agentmux switch in a terminal" });
  }
  let settings = DEFAULT_SETTINGS;
  const remembered = options.preview ? options.preview.remembered().catch(() => false) : Promise.resolve(false);
  let entries = await options.load(settings);
  let remote: Row[] = [];
  let annotations = new Map<string, string>();
  let notice: string | undefined;
  let stats: { pane: string; at: number; line: string } | null = null;
  const rows = () => orderRows([...entries.map((e) => toRow(e, annotations.get(e.pane) ?? "", Date.now(), settings.quota?.(e.backend, e.account))), ...remote]);
  let state: PickerState = initialState(rows(), await remembered, options.preview?.diff !== undefined);
  // The last screen read of each pane previewed in this opening: shown at once when the highlight comes back to it.
  const screens = new Map<string, string[] | null>();
  const selectedPane = () => visibleRows(state)[state.cursor]?.pane;
  const previewFrame = (): PreviewFrame | undefined => {
    const row = visibleRows(state)[state.cursor];
    if (!state.preview || !options.preview || !row) return undefined;
    const lines = screens.get(`${state.view}:${row.pane}`);
    return { title: state.view === "diff" ? `${row.name} · diff (Tab: off)` : row.name, lines: lines === undefined ? null : lines ?? [state.view === "diff" ? "(no diff)" : "(the pane is gone)"] };
  };
  const draw = () => stdout.write(frame(state, { width: stdout.columns || 80, height: stdout.rows || 24, annotationMaxWidth: settings.annotationMaxWidth, notice, stats: stats?.line, preview: previewFrame() }));

  const giveBack = takeTerminal(stdin, stdout);
  draw();

  return new Promise<string | null>((resolve) => {
    let done = false;
    // The highlighted pane's screen, read after the frame that needs it is drawn (never before the first).
    const loadPreview = async () => {
      const pane = selectedPane();
      if (!state.preview || !options.preview || pane === undefined) return;
      const view = state.view;
      const source = view === "diff" ? options.preview.diff : options.preview.capture;
      const text = source ? await source(pane).catch(() => null) : null;
      if (done) return;
      screens.set(`${view}:${pane}`, text === null ? null : view === "diff" ? text.split("\n").map(screenLine) : screenLines(text));
      if (state.preview && state.view === view && selectedPane() === pane) draw();
    };
    const refreshAnnotations = async () => {
      if (settings.annotations.length === 0 && annotations.size === 0) return;
      // Loaded on first use: the first frame does not wait for it.
      const { annotate } = await import("./annotations.ts");
      const found = await annotate(entries, settings.annotations).catch(() => annotations);
      if (done) return;
      annotations = found;
      state = withRows(state, rows());
      draw();
    };
    const refresh = async () => {
      const [fresh, there] = await Promise.all([options.load(settings).catch(() => entries), settings.hosts?.length && options.remote ? options.remote(settings).catch(() => remote) : []]);
      if (done) return;
      entries = fresh;
      remote = there;
      state = withRows(state, rows());
      draw();
      void refreshAnnotations();
      void loadPreview();
    };
    const timer = setInterval(() => void refresh(), options.refreshMs ?? 5000);
    // stats.command, for the highlighted session only, at most every 5 s.
    const runStats = async () => {
      const selected = visibleRows(state)[state.cursor];
      const entry = selected ? entries.find((e) => e.pane === selected.pane) : undefined;
      if (!settings.stats || !entry || (stats && stats.pane === entry.pane && Date.now() - stats.at < 5000)) return;
      stats = { pane: entry.pane, at: Date.now(), line: stats?.pane === entry.pane ? stats.line : "" };
      const { statsLine } = await import("./annotations.ts");
      const line = await statsLine(settings.stats, entry);
      if (done || stats.pane !== entry.pane) return;
      stats = { ...stats, line };
      draw();
    };
    const statsTimer = setInterval(() => void runStats(), 250);
    const finish = (pane: string | null) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearInterval(statsTimer);
      stdin.off("data", onData);
      stdout.off("resize", draw);
      giveBack();
      resolve(pane);
    };
    // Keys are taken in order; once a filter starts, the rest wait for fzf to load (the first
    // "/" of a run loads it, so opening the switcher never pays for it).
    let input = Promise.resolve();
    const take = async (data: string) => {
      const before = { pane: selectedPane(), preview: state.preview, view: state.view };
      for (const key of parseKeys(data)) {
        if (done) return;
        if (state.filtering && !fuzzyReady()) await loadFuzzy();
        const outcome = press(state, key);
        if (outcome.kind === "jump") return finish(outcome.pane);
        if (outcome.kind === "quit") return finish(null);
        state = outcome.state;
        if (state.filtering && !fuzzyReady()) void loadFuzzy().catch(() => undefined);
      }
      if (done) return;
      draw();
      if (state.preview !== before.preview && options.preview) {
        void options.preview.remember(state.preview).catch((error: unknown) => {
          notice = `agentmux: could not remember the preview: ${error instanceof Error ? error.message : String(error)}`;
          if (!done) draw();
        });
      }
      if (state.preview && (state.preview !== before.preview || state.view !== before.view || selectedPane() !== before.pane)) void loadPreview();
    };
    const onData = (data: string) => { input = input.then(() => take(data)); };
    stdin.on("data", onData);
    stdout.on("resize", draw);
    void loadPreview();
    void options.settings().then((s) => {
      if (done) return;
      settings = s;
      void refresh();
    }, (error: unknown) => {
      notice = `agentmux: ${error instanceof AgentmuxError ? error.oneLine() : String(error)}`;
      if (!done) draw();
    });
  });
}
