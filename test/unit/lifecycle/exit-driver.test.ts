import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_CONFIG, type Config, type ExitSkill } from "../../../src/config/config.ts";
import type { InputWord } from "../../../src/core/evidence.ts";
import { transition, type MachineEvent } from "../../../src/core/state-machine.ts";
import type { SessionsPort } from "../../../src/daemon/port.ts";
import type { SpooledEvent } from "../../../src/daemon/spool.ts";
import type { Teardown } from "../../../src/daemon/teardown.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { ExitChains } from "../../../src/lifecycle/exit-driver.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

/** What the exit driver does in tmux: typing, closing panes, warnings; the screen shows an empty prompt. */
class FakeTmux {
  readonly calls: string[] = [];
  async killPane(pane: string): Promise<void> { this.calls.push(`kill-pane ${pane}`); }
  async displayOnAllClients(text: string): Promise<void> { this.calls.push(`display ${text}`); }
  async sendLiteral(pane: string, text: string): Promise<void> { this.calls.push(`type ${pane} ${text}`); }
  async paste(pane: string, text: string): Promise<void> { this.calls.push(`paste ${pane} ${text}`); }
  async sendKeys(pane: string, keys: string[]): Promise<void> { this.calls.push(`keys ${pane} ${keys.join(" ")}`); }
  async capture(): Promise<string> { return "❯ \n"; }
  async tryCapture(): Promise<string | null> { return "❯ \n"; }
  async query(): Promise<string | null> { return ""; }
}

/** The daemon as the exit chains see it. */
class FakeDaemon implements SessionsPort {
  readonly tracked = new Map<string, Tracked>();
  readonly fake = new FakeTmux();
  readonly tmux = this.fake as unknown as Tmux;
  readonly cleanups = new Map<string, () => void>();
  readonly teardown = { register: (pane: string, _name: string, cleanup: () => void) => { this.cleanups.set(pane, cleanup); } } as unknown as Teardown;
  readonly killed: string[] = [];
  readonly typedWords: string[] = [];
  private onTyped: (() => void) | undefined;
  constructor(private readonly skills: ExitSkill[]) {}
  config(): Config { return { ...DEFAULT_CONFIG, exit: { ...DEFAULT_CONFIG.exit, skills: this.skills } }; }
  async kill(panes: string[]): Promise<number> { this.killed.push(...panes); return panes.length; }
  async typed(pane: string, kind: InputWord["kind"]): Promise<void> { this.typedWords.push(`${pane} ${kind}`); this.onTyped?.(); }
  readonly marks: string[] = [];
  async mark(pane: string, event: MachineEvent): Promise<void> {
    this.marks.push(`${pane} ${event.kind}${"on" in event ? ` ${event.on}` : ""}`);
    const t = this.tracked.get(pane);
    if (t) t.machine = transition(t.machine, event).next;
  }
  /** Resolves once the driver reported a typed submission (its keystrokes are done). */
  nextTyped(): Promise<void> { return new Promise((resolve) => { this.onTyped = resolve; }); }
}

const skill = (name: string, args = ""): ExitSkill => ({ name, directories: null, args, receipt: false });

function session(pane: string, state: Tracked["machine"]["state"], backend = "claude"): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  return trackedFromPane({ ...fields, pane, backend, dir: "/home/u/my api", state });
}

function setup(skills: ExitSkill[], ...sessions: Tracked[]) {
  const daemon = new FakeDaemon(skills);
  for (const t of sessions) daemon.tracked.set(t.pane, t);
  const lines: string[] = [];
  const chains = new ExitChains(daemon, (line) => lines.push(line));
  open.push(chains);
  return { daemon, chains, lines };
}
const open: ExitChains[] = [];

/** The session's state moves, and the chains are told. */
function move(chains: ExitChains, t: Tracked, state: Tracked["machine"]["state"]): void {
  t.machine = { ...t.machine, state, since: t.machine.since + 1 };
  chains.changed(t);
}

/** Let queued work run until cond holds (the close goes out behind the keystrokes). */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setImmediate(r));
}

const prompt = (pane: string, text: string): SpooledEvent => ({ file: "x.evt", event: "UserPromptSubmit", pane, token: "", global: false, agent: "claude", at: 1, pid: 1, payload: { prompt: text } });

describe("the daemon's exit chains", () => {
  afterEach(() => { for (const c of open.splice(0)) c.close(); });

  it("a pane with no session is refused", async () => {
    const { chains } = setup([]);
    assert.deepEqual(await chains.request("%70", false), { ok: false, error: "no agentmux session in pane %70" });
  });

  it("a session that exited already only has its pane removed", async () => {
    const { chains, daemon } = setup([skill("wrap-up")], session("%71", "exited"));
    assert.deepEqual(await chains.request("%71", false), { ok: true, pane: "%71", result: "closed", state: "its process had exited: the pane is removed" });
    assert.deepEqual(daemon.fake.calls, ["kill-pane %71"]);
    assert.deepEqual(daemon.killed, []);
  });

  it("with no skill to run (none configured, or a plain command) the session is closed at once", async () => {
    const none = setup([], session("%72", "idle"));
    assert.deepEqual(await none.chains.request("%72", false), { ok: true, pane: "%72", result: "closed", state: "closed" });
    assert.deepEqual(none.daemon.killed, ["%72"]);
    const plain = setup([skill("wrap-up")], session("%73", "idle", "generic"));
    await plain.chains.request("%73", false);
    assert.deepEqual(plain.daemon.killed, ["%73"]);
  });

  it("a working session is armed; asking again reports the chain under way, and nothing is typed meanwhile", async () => {
    const { chains, daemon } = setup([skill("wrap-up")], session("%74", "working"));
    assert.deepEqual(await chains.request("%74", false), { ok: true, pane: "%74", result: "armed", state: "armed: waiting for the running turn to end" });
    assert.deepEqual(await chains.request("%74", false), { ok: true, pane: "%74", result: "armed", state: "armed: waiting for the running turn to end", already: true });
    assert.deepEqual(daemon.fake.calls, []);
    assert.deepEqual(daemon.killed, []);
  });

  it("exit --now drops the armed chain and closes the session", async () => {
    const t = session("%75", "working");
    const { chains, daemon } = setup([skill("wrap-up")], t);
    await chains.request("%75", false);
    assert.deepEqual(await chains.request("%75", true), { ok: true, pane: "%75", result: "closed", state: "closed" });
    assert.deepEqual(daemon.killed, ["%75"]);
    move(chains, t, "waiting");
    assert.deepEqual(daemon.fake.calls, [], "a dropped chain types nothing when the turn ends");
  });

  it("each skill is typed after the turn before it ended, then the session closes", async () => {
    const t = session("%76", "working");
    const { chains, daemon } = setup([skill("wrap-up", "--note “done” #1"), skill("commit")], t);
    await chains.request("%76", false);
    let typed = daemon.nextTyped();
    move(chains, t, "waiting");
    await typed;
    assert.deepEqual(daemon.fake.calls, ["type %76 /wrap-up --note “done” #1", "keys %76 Enter"]);
    move(chains, t, "working");
    typed = daemon.nextTyped();
    move(chains, t, "waiting");
    await typed;
    assert.deepEqual(daemon.fake.calls.slice(2), ["type %76 /commit", "keys %76 Enter"]);
    assert.deepEqual(daemon.typedWords, ["%76 submit", "%76 submit"]);
    move(chains, t, "working");
    move(chains, t, "idle");
    await until(() => daemon.killed.length > 0);
    assert.deepEqual(daemon.killed, ["%76"]);
  });

  it("a turn that begins and ends before the skill is typed is not the skill's: the pane stays, the chain is cancelled saying why", async () => {
    const t = session("%80", "idle", "codex");
    const { chains, daemon } = setup([skill("wrapup")], t);
    await chains.request("%80", false);
    // Something else's turn (a prompt queued, a late redraw read as a turn) while the chain waits to type.
    t.machine = { ...t.machine, turnStart: Date.now() };
    move(chains, t, "working");
    move(chains, t, "waiting");
    await until(() => daemon.fake.calls.some((c) => c.startsWith("display")));
    await new Promise((r) => setTimeout(r, 900));
    assert.deepEqual(daemon.killed, [], "the pane is not closed without its skill run");
    assert.ok(!daemon.fake.calls.some((c) => c.startsWith("type")), "nothing is typed after another turn");
    assert.match(daemon.fake.calls.join("\n"), /display agentmux exit my api: my api began another turn \(a prompt queued or typed\) before \$wrapup was typed: the exit is cancelled and the session kept/);
  });

  it("a prompt the user types cancels the chain, with a warning on every client", async () => {
    const t = session("%77", "working");
    const { chains, daemon } = setup([skill("wrap-up")], t);
    await chains.request("%77", false);
    chains.prompted("%77", prompt("%77", "actually, fix the 100% bug"));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(daemon.fake.calls, ["display agentmux exit my api: a prompt was typed into the session: the exit is cancelled"]);
    move(chains, t, "waiting");
    assert.equal(daemon.fake.calls.length, 1, "nothing is typed after a cancel");
  });

  it("a session that exits while armed drops its chain", async () => {
    const t = session("%78", "working");
    const { chains, lines } = setup([skill("wrap-up")], t);
    await chains.request("%78", false);
    move(chains, t, "exited");
    assert.match(lines.at(-1) ?? "", /^exit %78: chain dropped \(the session exited\)$/);
  });

  it("the pane's teardown drops its chain: the turn's end types nothing", async () => {
    const t = session("%79", "working");
    const { chains, daemon, lines } = setup([skill("wrap-up")], t);
    await chains.request("%79", false);
    daemon.cleanups.get("%79")?.();
    assert.match(lines.at(-1) ?? "", /chain dropped \(the session ended\)$/);
    move(chains, t, "waiting");
    assert.deepEqual(daemon.fake.calls, []);
  });
});
