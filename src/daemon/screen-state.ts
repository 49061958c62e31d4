import { findManifest, formatProblem, identifyAgent, loadManifests, type Manifest } from "../detect/index.ts";
import type { MachineEvent } from "../session/state-machine.ts";
import type { ControlClient } from "../tmux/control.ts";
import type { Logger } from "./log.ts";
import { asInterrupt } from "./interrupt.ts";
import { screenEvent } from "./screen-policy.ts";
import { ScreenWatch, type ScreenSighting } from "./screen-watch.ts";
import type { Tracked } from "./tracked.ts";

/** The third channel: manifests run on captured screens, weighed against the hooks. */
export class ScreenState {
  private readonly manifests: Manifest[];
  private readonly watch: ScreenWatch;
  private readonly logged = new Set<string>();

  constructor(client: ControlClient, private readonly log: Logger, private readonly apply: (t: Tracked, event: MachineEvent) => Promise<void>) {
    const loaded = loadManifests();
    this.manifests = loaded.manifests;
    for (const p of loaded.problems) log(`manifest skipped: ${formatProblem(p)}`);
    this.watch = new ScreenWatch(client, (t, command, title) => this.manifestFor(t, command, title), (t, sighting) => this.said(t, sighting));
  }

  forget(pane: string): void {
    this.watch.forget(pane);
  }

  async tick(tracked: Map<string, Tracked>): Promise<void> {
    await this.watch.tick(tracked).catch((e: Error) => this.log(`screen watch: ${e.message}`));
    // A verdict that stands still is weighed again as time passes (the settle time runs without new captures).
    for (const [pane, sighting] of this.watch.sightings) {
      const t = tracked.get(pane);
      if (t) await this.said(t, sighting);
    }
  }

  /** The manifest of a session's agent: its backend's, or for a plain command the one that recognises it. */
  private manifestFor(t: Tracked, command: string, title: string): Manifest | null {
    const own = findManifest(this.manifests, t.backend);
    if (own) return own;
    const name = t.backend === "generic" ? identifyAgent(this.manifests, { command, title }) : null;
    return name ? (findManifest(this.manifests, name) ?? null) : null;
  }

  private async said(t: Tracked, sighting: ScreenSighting): Promise<void> {
    const decision = screenEvent({ state: t.machine.state, verdict: sighting.verdict, verdictSince: sighting.since, lastEventAt: Math.max(t.lastEventAt, t.lastLiveAt), now: Date.now() });
    if (!decision) return;
    if (decision.correction) {
      const key = `${t.pane}:${t.machine.state}:${sighting.verdict}`;
      if (!this.logged.has(key)) {
        this.logged.add(key);
        this.log(`${t.pane}: hooks say ${t.machine.state}, the screen says ${sighting.verdict} (${sighting.rule}): following the screen`);
      }
    }
    await this.apply(t, asInterrupt(t, decision.event));
  }
}
