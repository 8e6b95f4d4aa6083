import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../src/db/database.js';
import { ArchiveOutbox } from '../src/services/archive-outbox.js';
import type { GameArchive } from '../src/services/game-archive.js';
import type { StoredGame } from '../src/store/store.js';
import { manualClock } from './helpers.js';
import { captureLog } from './log-capture.js';

const GAME: StoredGame = { id: 'g1', version: 7, doc: '{}', moves: [] };

/** An outbox over a store holding one finished game and an archive answering `archive`. */
function outboxWith(archive: () => Promise<null>) {
  const clock = manualClock();
  const log = captureLog();
  const settled: number[] = [];
  const calls = { loads: 0, archives: 0, marks: 0 };
  const outbox = new ArchiveOutbox({
    store: {
      loadGame: async () => {
        calls.loads++;
        return GAME;
      },
      settleClaim: async (_id, _until, at) => {
        settled.push((at ?? 0) - clock.now());
      },
    },
    archive: {
      archive: () => {
        calls.archives++;
        return archive();
      },
    } as Pick<GameArchive, 'archive'> as GameArchive,
    markArchived: async () => {
      calls.marks++;
      return true;
    },
    now: clock.now,
    logger: log.logger,
  });
  return { clock, log, settled, calls, outbox };
}

const unavailable = (): Promise<null> => Promise.reject(new DatabaseUnavailableError(new Error('connect ECONNREFUSED')));

describe('the archive outbox', () => {
  it('backs off per game while the database is away (doubling, capped), behind one warning; one load per try', async () => {
    const { clock, log, settled, calls, outbox } = outboxWith(unavailable);
    for (let i = 0; i < 8; i++) {
      await outbox.due(GAME.id, clock.now() + 80);
      await outbox.idle();
      clock.advance(settled.at(-1) ?? 0); // the game comes due again at the time its claim was settled to
    }
    expect(settled).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(calls).toEqual({ loads: 8, archives: 8, marks: 0 });
    expect(log.lines.filter((l) => l.msg.startsWith('archive write failed'))).toHaveLength(1);
  });

  it('one write per game at a time; a success ends the back-off', async () => {
    let answer: (v: null) => void = () => undefined;
    let fail = true;
    const { clock, settled, calls, outbox } = outboxWith(() => (fail ? unavailable() : new Promise((r) => (answer = r))));
    await outbox.due(GAME.id, clock.now());
    await outbox.idle();
    fail = false;
    await outbox.due(GAME.id, clock.now());
    await outbox.due(GAME.id, clock.now()); // due again while its write runs: settled, no second write
    expect(calls.archives).toBe(2);
    answer(null);
    await outbox.idle();
    expect(calls.marks).toBe(1);
    await outbox.due(GAME.id, clock.now());
    expect(settled).toEqual([2_000, 4_000, 4_000, 2_000]);
  });

  it('close gives up on a write that hangs after its bound', async () => {
    const { clock, calls, outbox } = outboxWith(() => new Promise<null>(() => undefined));
    await outbox.due(GAME.id, clock.now());
    expect(outbox.pending).toBe(1);
    await outbox.close(20);
    await outbox.due(GAME.id, clock.now()); // closed: no new write
    expect(calls.archives).toBe(1);
  });
});
