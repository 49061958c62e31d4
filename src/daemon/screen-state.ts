import { BACKENDS, isBackendName } from "../backends/index.ts";
import { findManifest, formatProblem, identifyAgent, loadManifests, type Manifest } from "../detect/index.ts";
import type { Tmux } from "../tmux/tmux.ts";
import type { Logger } from "./log.ts";
import { ScreenWatch, type ScreenSighting } from "./screen-watch.ts";
import type { Tracked } from "./tracked.ts";

/** The third channel: manifests run on captured screens; each verdict goes to the session table as evidence. */
export class ScreenState {
  private readonly manifests: Manifest[];
  private readonly watch: ScreenWatch;
  /** The manifest each pane's screen was last read with. */
  private readonly used = new Map<string, Manifest>();

  constructor(tmux: Tmux, log: Logger, private readonly said: (t: Tracked, sighting: ScreenSighting, screen: string) => Promise<void>, changed?: (pane: string) => void) {
    const loaded = loadManifests();
    this.manifests = loaded.manifests;
    for (const p of loaded.problems) log(`manifest skipped: ${formatProblem(p)}`);
    this.watch = new ScreenWatch(tmux, (t, command, title) => this.manifestFor(t, command, title), (t, sighting, screen) => this.said(t, sighting, screen), changed);
  }

  forget(pane: string): void {
    this.watch.forget(pane);
    this.used.delete(pane);
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
    const name = isBackendName(t.backend) && BACKENDS[t.backend].plainCommand ? identifyAgent(this.manifests, { command, title }) : null;
    const found = name ? (findManifest(this.manifests, name) ?? null) : null;
    if (found) this.used.set(t.pane, found); else this.used.delete(t.pane);
    return found;
  }
}
