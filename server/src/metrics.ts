import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Store } from './store/store.js';

/** Prometheus metrics on a registry of their own (several apps may share a process in tests). */
export interface Metrics {
  readonly registry: Registry;
  readonly movesCommitted: Counter;
  readonly moveSeconds: Histogram;
  /** Each game commit's compare-and-set in the store, from the call to its answer (a commit that fails is not timed). */
  readonly commitSeconds: Histogram;
}

/**
 * `processMetrics`: also Node's own (CPU, memory, heap, event-loop delay, GC, handles), as
 * prom-client names them (`process_*`, `nodejs_*`); once per process (each call starts its monitors).
 */
export function createMetrics(connectedSockets: () => number, store: Store, processMetrics = false): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'pchess_connected_sockets',
    help: 'Socket.IO connections on this node',
    registers: [registry],
    collect() {
      this.set(connectedSockets());
    },
  });
  new Gauge({
    name: 'pchess_listed_games',
    help: 'Public games in progress, as the lobby lists them (whole cluster, from the store; private games are not listed)',
    registers: [registry],
    async collect() {
      // The store away (the moment these metrics matter most) must not cost the node's own metrics: the last count stays.
      await store.countActiveGames().then(
        (n) => this.set(n),
        () => undefined,
      );
    },
  });
  const movesCommitted = new Counter({
    name: 'pchess_moves_committed_total',
    help: 'Moves committed by this node',
    registers: [registry],
  });
  const moveSeconds = new Histogram({
    name: 'pchess_move_handling_seconds',
    help: 'Time from receiving a move to its acknowledgement',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  // Under load most of a move's handling time is spent waiting here (bench:server: a median of
  // 0.9 ms of 1.2), not working: the store's round trip, batched with the other commits of its turn
  // of the event loop (auto-pipelining), and Redis's own time for the script.
  const commitSeconds = new Histogram({
    name: 'pchess_store_commit_seconds',
    help: "Time of a game commit's compare-and-set in the store, from the call to its answer",
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
    registers: [registry],
  });
  return { registry, movesCommitted, moveSeconds, commitSeconds };
}
