import { describe, expect, it } from 'vitest';
import { BotMoves } from '../src/bot/bot-moves.js';
import { createInlinePool } from '../src/compute/inline-pool.js';
import { botDue, deadlineOf, parseDoc } from '../src/services/game-doc.js';
import { DEFAULT_LIMITS } from '../src/limits.js';
import { manualClock, startServer } from './helpers.js';

const AWAY = DEFAULT_LIMITS.lobbyAwayMs;

describe('bot turns in the deadline queue', () => {
  it('a bot game is due at once when the computer is to move, held while it plays, and not due on the person\'s turn', async () => {
    const clock = manualClock();
    // No deadline worker to speak of: the test reads the docs the commits write.
    const server = await startServer({ now: clock.now, deadlineTickMs: 3_600_000, compute: createInlinePool(), bot: { leaseMs: 5000 } });
    const { games } = server.app.services;
    const fischer = { kind: 'fischer', initial: 60, increment: 0 } as const;
    const id = await games.create({
      variant: 'scottish',
      timeControl: fischer,
      white: { id: 'bot:1', name: 'Computer (level 1)' },
      black: { id: 'p1', name: 'P' },
      bot: { color: 'white', level: 1, owner: 'p1' },
    });
    const doc = async () => parseDoc((await games.load(id)).doc);
    // White (the computer) to move: due now (its creation time), before the first-move grace.
    let d = await doc();
    expect(botDue(d)).toBe(d.createdAt);
    expect(deadlineOf(d, AWAY)).toBe(d.createdAt);
    // A human game with the same clock is due only at its grace deadline.
    const human = await games.create({ variant: 'scottish', timeControl: fischer, white: { id: 'p2', name: 'Q' }, black: { id: 'p3', name: 'R' } });
    const h = parseDoc((await games.load(human)).doc);
    expect(botDue(h)).toBeNull();
    expect(deadlineOf(h, AWAY)).toBe(h.graceDeadline);

    // The computer's one-move series: the hold is dropped with the turn, Black's clock deadline rules.
    const moves = new BotMoves(games, server.app.services.commands);
    clock.advance(100);
    const played = await moves.move(d, 1, 'e2e4', clock.now() + 5000);
    expect(played.doc.botHold).toBeUndefined();
    expect(botDue(played.doc)).toBeNull();
    d = await doc();
    expect(deadlineOf(d, AWAY)).toBe(d.graceDeadline);

    // Black's reply, then the computer's three-move series: held between its moves, released by the last.
    const v = (await server.app.services.commands.run('game:move', 'p1', { gameId: id, version: played.version, move: 'e7e5' })).version;
    const v2 = (await server.app.services.commands.run('game:move', 'p1', { gameId: id, version: v, move: 'g8f6' })).version;
    d = await doc();
    expect(d.botHold).toBeUndefined();
    expect(deadlineOf(d, AWAY)).toBe(d.createdAt);
    const hold = clock.now() + 5000;
    const first = await moves.move(d, v2, 'f1c4', hold);
    expect(first.doc.botHold).toBe(hold);
    expect(deadlineOf(first.doc, AWAY)).toBe(hold);
    const second = await moves.move(first.doc, first.version, 'd1h5', hold + 1);
    expect(deadlineOf(second.doc, AWAY)).toBe(hold + 1);
    const mate = await moves.move(second.doc, second.version, 'h5f7', hold + 2);
    expect(mate.doc.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
    expect(mate.doc.botHold).toBeUndefined();
    expect(botDue(mate.doc)).toBeNull();
  });
});
