import type { GameSummary } from '@progressive-chess/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameDoc } from '../src/services/game-doc.js';
import { LobbyUpdates } from '../src/services/lobby-updates.js';

/** Lobby updates of turn changes: coalesced per game and interval, none after a removal. */
describe('LobbyUpdates', () => {
  const doc = (id: string, turn: number): GameDoc => ({ id, turn }) as GameDoc;
  let sent: GameSummary[];
  let batches: number;
  let spectators: number;
  const make = (intervalMs: number): LobbyUpdates<GameDoc, GameSummary> =>
    new LobbyUpdates<GameDoc, GameSummary>(
      (batch) => {
        batches += 1;
        sent.push(...batch);
      },
      (d) => ({ id: d.id, turn: d.turn, spectators }) as GameSummary,
      intervalMs,
    );

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    batches = 0;
    spectators = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends each changed game once per interval, with its latest turn and count', () => {
    const u = make(1000);
    for (let turn = 2; turn <= 9; turn++) u.changed('a', doc('a', turn));
    u.changed('b', doc('b', 3));
    spectators = 4;
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      { id: 'a', turn: 9, spectators: 4 },
      { id: 'b', turn: 3, spectators: 4 },
    ]);
    expect(batches).toBe(1); // both games in one batch: one message between nodes
    u.changed('a', doc('a', 10));
    vi.advanceTimersByTime(1000);
    expect(sent.map((s) => s.turn)).toEqual([9, 3, 10]);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(3);
    expect(batches).toBe(2); // nothing pending: no empty batch
  });

  it('drops the pending update of a game that left the lobby', () => {
    const u = make(1000);
    u.changed('a', doc('a', 5));
    u.changed('b', doc('b', 6));
    u.drop('a');
    vi.advanceTimersByTime(1000);
    expect(sent.map((s) => s.id)).toEqual(['b']);
  });

  it('flush sends at once; an interval of 0 sends every change at once', () => {
    const u = make(1000);
    u.changed('a', doc('a', 5));
    u.flush();
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    const now = make(0);
    now.changed('c', doc('c', 2));
    now.changed('c', doc('c', 3));
    expect(sent.map((s) => s.turn)).toEqual([5, 2, 3]);
  });
});
