import type { GameEvent, Outcome } from '@progressive-chess/shared';
import { call, type Client } from './game-client.js';

/** As the web client: how long an announced version may run ahead of the events before a resync. */
const STALE_GRACE_MS = 300;

export interface GameFollower {
  /** Version of the last applied event or snapshot. */
  readonly version: number;
  readonly outcome: Outcome | null;
  /** How the outcome was learnt: from a `game:event`, or from a snapshot after a resync. */
  readonly learnt: 'event' | 'resync' | null;
  readonly resyncs: number;
  /** Resolves once `pred` holds (checked after every change); rejects after `timeoutMs`. */
  until(pred: (f: GameFollower) => boolean, timeoutMs?: number): Promise<void>;
  stop(): void;
}

/**
 * Follows one game the way the web client's GameSync does (events in version order, a resync on a
 * gap, and a resync when a heartbeat, presence or spectators event stays ahead of the applied
 * events for STALE_GRACE_MS), for tests that check that a client can never miss the end of a game.
 */
export function followGame(c: Client, gameId: string, version: number): GameFollower {
  const state = { version, outcome: null as Outcome | null, learnt: null as GameFollower['learnt'], resyncs: 0 };
  const waiters = new Set<() => void>();
  let resyncing = false;
  let staleTimer: NodeJS.Timeout | null = null;
  const changed = (): void => waiters.forEach((w) => w());

  const resync = async (): Promise<void> => {
    if (resyncing) return;
    resyncing = true;
    state.resyncs += 1;
    const { snapshot } = await call(c.socket, 'game:resync', { gameId }).finally(() => (resyncing = false));
    if (snapshot.version <= state.version) return;
    state.version = snapshot.version;
    if (snapshot.outcome && !state.outcome) [state.outcome, state.learnt] = [snapshot.outcome, 'resync'];
    changed();
  };
  const onEvent = (e: GameEvent): void => {
    if (e.gameId !== gameId || e.version <= state.version || resyncing) return;
    if (e.version > state.version + 1) return void resync();
    state.version = e.version;
    const b = e.event;
    const outcome = b.type === 'game-over' ? b.outcome : b.type === 'move' || b.type === 'turn-passed' ? b.outcome : null;
    if (outcome && !state.outcome) [state.outcome, state.learnt] = [outcome, 'event'];
    changed();
  };
  const onVersion = (p: { gameId: string; version: number }): void => {
    if (p.gameId !== gameId || p.version <= state.version || staleTimer) return;
    staleTimer = setTimeout(() => {
      staleTimer = null;
      if (p.version > state.version) void resync();
    }, STALE_GRACE_MS);
  };

  c.socket.on('game:event', onEvent);
  c.socket.on('game:heartbeat', onVersion);
  c.socket.on('game:presence', onVersion);
  c.socket.on('game:spectators', onVersion);

  const follower: GameFollower = {
    get version() {
      return state.version;
    },
    get outcome() {
      return state.outcome;
    },
    get learnt() {
      return state.learnt;
    },
    get resyncs() {
      return state.resyncs;
    },
    until(pred, timeoutMs = 10_000) {
      if (pred(follower)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (!pred(follower)) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`game ${gameId}: condition not met within ${timeoutMs} ms (version ${state.version})`));
        }, timeoutMs);
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    stop() {
      if (staleTimer) clearTimeout(staleTimer);
      c.socket.off('game:event', onEvent);
      c.socket.off('game:heartbeat', onVersion);
      c.socket.off('game:presence', onVersion);
      c.socket.off('game:spectators', onVersion);
    },
  };
  return follower;
}
