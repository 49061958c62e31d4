import { BACKENDS, isBackendName } from "../backends/index.ts";
import { findManifest, formatProblem, identifyAgent, loadManifests, processTree, type Manifest } from "../detect/index.ts";
import type { Tmux } from "../tmux/tmux.ts";
import type { Logger } from "./log.ts";
import { ScreenWatch, type ScreenSighting } from "./screen-watch.ts";
import type { Tracked } from "./tracked.ts";

/** Programs that run an agent CLI given as a script (pane_current_command names them, not the CLI). */
const INTERPRETER = /^(?:node|nodejs|bun|deno|python[0-9.]*|ruby)$/;

/** The third channel: manifests run on captured screens; each verdict goes to the session table as evidence. */
export class ScreenState {
  private readonly manifests: Manifest[];
  private readonly watch: ScreenWatch;
  /** The manifest each pane's screen was last read with. */
  private readonly used = new Map<string, Manifest>();
  /** The processes under a plain command's pane, read once per (pane process, current command): key and list (null while ps runs). */
  private readonly trees = new Map<string, { key: string; processes: string[] | null }>();
  /** Reads the processes under a pane; a test may count the reads. */
  processesOf: (pid: number) => Promise<string[]> = processTree;

  constructor(tmux: Tmux, log: Logger, private readonly said: (t: Tracked, sighting: ScreenSighting, screen: string) => Promise<void>, changed?: (pane: string) => void) {
    const loaded = loadManifests();
    this.manifests = loaded.manifests;
    for (const p of loaded.problems) log(`manifest skipped: ${formatProblem(p)}`);
    this.watch = new ScreenWatch(tmux, (t, command, title) => this.manifestFor(t, command, title), (t, sighting, screen) => this.said(t, sighting, screen), changed);
  }

  forget(pane: string): void {
    this.watch.forget(pane);
    this.used.delete(pane);
    this.trees.delete(pane);
  }

  /** The manifest a session's screen is read with (its backend's, else the one last recognised in its pane). */
  manifestOf(t: Tracked): Manifest | null {
    return findManifest(this.manifests, t.backend) ?? this.used.get(t.pane) ?? null;
  }

  /** Look at a pane at the next tick whatever its signature says (after an Escape or a submit). */
  look(pane: string): void {
    this.watch.look(pane);
  }

  async tick(tracked: Map<string, Tracked>): Promise<void> {
    await this.watch.tick(tracked);
  }

  /** The manifest of a session's agent: its backend's, or for a plain command the one that recognises it. */
  private manifestFor(t: Tracked, command: string, title: string): Manifest | null {
    const own = findManifest(this.manifests, t.backend);
    if (own) return own;
    const plain = isBackendName(t.backend) && BACKENDS[t.backend].plainCommand === true;
    const name = plain ? identifyAgent(this.manifests, { command, title, processes: this.treeOf(t, command) }) : null;
    const found = name ? (findManifest(this.manifests, name) ?? null) : null;
    if (found) this.used.set(t.pane, found); else this.used.delete(t.pane);
    return found;
  }

  /**
   * The processes under a plain command's pane, for an agent that runs as `node …` (or under any
   * wrapper) and is known only by its script: read with one ps when the pane's current command
   * changes, and used from the next look on; undefined until then.
   */
  private treeOf(t: Tracked, command: string): string[] | undefined {
    // Only an interpreter says nothing by its name (node runs Kilo, Copilot, Auggie, Qwen): a shell
    // or `sleep` is what it says, and 200 such panes must not cost 200 ps runs.
    if (t.panePid <= 0 || !INTERPRETER.test(command)) return undefined;
    const key = `${t.panePid}|${command}`;
    const known = this.trees.get(t.pane);
    if (known?.key === key) return known.processes ?? undefined;
    const entry: { key: string; processes: string[] | null } = { key, processes: null };
    this.trees.set(t.pane, entry);
    void this.processesOf(t.panePid).then((processes) => { entry.processes = processes; }, () => { entry.processes = []; });
    return undefined;
  }
}
