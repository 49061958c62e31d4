import PQueue from "p-queue";

/**
 * Bounded fan-out (p-queue). Every limit agentmux applies is named here, with its reason in
 * docs/limits.md; a fan-out over sessions or accounts goes through one of these, never a bare
 * Promise.all over the whole list.
 */
export const LIMITS = {
  /** Usage reads in one poll: one HTTPS request per account to the vendor's endpoint. */
  usagePolls: 4,
  /** switcher.annotations commands at once: each is a /bin/sh process, run for every session every 5 s. */
  annotations: 4,
  /** group-send: sessions typed into at once (each a few tmux commands on the same server). */
  groupSend: 8,
  /** Failover restarts at once when an account runs out: each starts an agent CLI. */
  failoverRestarts: 2,
} as const;

/** A queue running at most `concurrency` tasks at once, shared by whoever holds it. */
export function limiter(concurrency: number): PQueue {
  return new PQueue({ concurrency });
}

/** fn over every item, at most `concurrency` at once (on `queue` when given); results in the items' order. */
export function mapLimited<T, R>(items: readonly T[], concurrency: number | PQueue, fn: (item: T) => Promise<R>): Promise<R[]> {
  const queue = typeof concurrency === "number" ? limiter(concurrency) : concurrency;
  return Promise.all(items.map((item) => queue.add(() => fn(item))));
}
