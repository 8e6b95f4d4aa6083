import { describe, expect, it } from 'vitest';
import { Client, createGame, playMoves, startServer } from './helpers.js';
import { captureLog, flushLog } from './log-capture.js';

describe('games in the log at the default level', () => {
  it('one line when a game starts and one when it ends, with its id and result, and no token', async () => {
    const { logger, lines } = captureLog();
    const server = await startServer({ logger });
    const white = await Client.connect(server, { name: 'Alice' });
    const black = await Client.connect(server, { name: 'Bob' });
    const gameId = await createGame(server, white, black, { variant: 'scottish' });
    const v = await playMoves(white, gameId, 1, ['e2e4']);
    await playMoves(black, gameId, v, ['e7e5', 'g8f6']);
    await white.ok('game:resign', { gameId });
    await flushLog();
    const games = lines.filter((l) => l.gameId === gameId && l.level === 30);
    expect(games).toEqual([
      expect.objectContaining({ msg: 'game started', variant: 'scottish', timeControl: 'none', white: white.id, black: black.id }),
      expect.objectContaining({ msg: 'game over', result: '0-1', reason: 'resignation', turn: 3 }),
    ]);
    const all = JSON.stringify(lines);
    for (const token of [white.session.token, black.session.token]) expect(all).not.toContain(token);
  });
});
