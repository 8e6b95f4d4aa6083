import type { Logger } from 'pino';
import type { Settings } from '../config.js';
import type { Store } from '../store/store.js';
import { onResubscribed } from '../transport/redis-recovery.js';
import { startArchivePruner } from './archive-pruner.js';
import { startDeadlineWorker } from './deadline-worker.js';
import type { GameArchive } from './game-archive.js';
import type { GameService } from './game-service.js';
import { startHeartbeat } from './heartbeat.js';
import type { Publisher } from './publisher.js';

export interface NodeJobsDeps {
  readonly store: Store;
  readonly settings: Settings;
  readonly now: () => number;
  readonly logger: Logger;
  readonly games: Pick<GameService, 'resolveDeadline'>;
  /** This node's computer player: the claims of the computer's turns go to it. */
  readonly bots: { take(gameId: string, claimedUntil: number): void };
  readonly archive: GameArchive | null;
  readonly publisher: Publisher;
  /** The adapter's subscriber (null on one node): its reconnection is when events were lost. */
  readonly redisSub: Parameters<typeof onResubscribed>[0] | null;
}

/**
 * One node's periodic work: the deadlines that fall due (a flag, an absence, the computer's turn),
 * the archive's pruning of aborted games, the heartbeat of game versions, and the recovery after
 * the Redis subscriber was away. `stop()` ends them all and waits for the work in progress.
 */
export function startNodeJobs(d: NodeJobsDeps): { stop(): Promise<void>; deadlineWritten(at: number): void } {
  const { store, settings, now, logger, archive, publisher } = d;
  const worker = startDeadlineWorker({
    store,
    tickMs: settings.deadlineTickMs,
    idleMs: settings.deadlineIdleMs,
    leaseMs: settings.deadlineLeaseMs,
    now,
    logger,
    // the computer's turn is a due deadline too: its claim goes to this node's bot driver
    resolve: async (id, claimedUntil) => {
      if ((await d.games.resolveDeadline(id, claimedUntil)) === 'computer-turn') d.bots.take(id, claimedUntil);
    },
  });

  // aborted games leave the archive after the live store's retention, as they leave the store
  const pruner = archive
    ? startArchivePruner({ archive, retentionMs: settings.limits.abortedRetentionMs, intervalMs: settings.archivePruneMs, now, logger })
    : null;

  // Events published while this node's subscriber was away are lost: the heartbeat (now, and
  // periodically) tells its clients each game's version, and a client that is behind resyncs.
  const heartbeat = startHeartbeat({
    publisher,
    versionOf: (id) => store.gameVersion(id),
    ...(archive ? { archived: async (id: string) => (await archive.load(id)) !== null } : {}),
    intervalMs: settings.heartbeatMs,
    logger,
  });
  // What was published while the subscriber was away is lost: the game rooms hear their versions
  // (the heartbeat), the lobby subscribes again.
  const stopRecovery = d.redisSub
    ? onResubscribed(d.redisSub, () => {
        void heartbeat.sweep();
        publisher.lobbyResyncLocal();
      })
    : () => undefined;

  return {
    deadlineWritten: (at) => worker.nudge(at),
    async stop() {
      stopRecovery();
      await heartbeat.stop();
      await worker.stop();
      await pruner?.stop();
    },
  };
}
