import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP proxy on 127.0.0.1 that delays every byte by `delayMs` each way, in order: a link with a
 * round trip of twice that, for testing other machines over a slow network. (The kernel's netem
 * qdisc does this below TCP; the machines these tests run on may not have it: see canNetem.)
 */
export class DelayProxy {
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: number, private readonly delayMs: number) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target, "127.0.0.1");
      for (const s of [client, upstream]) { this.sockets.add(s); s.on("close", () => this.sockets.delete(s)); s.on("error", () => undefined); }
      this.pipe(client, upstream);
      this.pipe(upstream, client);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", () => resolve()));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
  }

  /** from → to, each chunk delivered delayMs after it came, never before the one before it. */
  private pipe(from: Socket, to: Socket): void {
    let last = 0;
    from.on("data", (chunk) => {
      const at = Math.max(Date.now() + this.delayMs, last);
      last = at;
      setTimeout(() => { if (!to.destroyed) to.write(chunk); }, at - Date.now());
    });
    from.on("end", () => setTimeout(() => to.end(), Math.max(0, last - Date.now()) + 1));
    from.on("close", () => setTimeout(() => to.destroy(), Math.max(0, last - Date.now()) + 5));
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
