// Every way a game can finish on the server survives the PGN export (GET /api/games/:id/pgn)
// and reads back through the command-line tool (`pchess replay`, the built binary) with the
// same result and reason.
import type { GameSnapshot, Outcome, TimeControl, VariantId } from '@progressive-chess/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, json } from '../../shared/test/cli/helpers.js';
import { Client, createGame, manualClock, playMoves, startServer, type TestServer } from './helpers.js';

beforeAll(buildCli, 120_000);

interface Table {
  readonly server: TestServer;
  readonly white: Client;
  readonly black: Client;
  readonly gameId: string;
}

async function table(
  variant: VariantId,
  opts: { fen?: string; turn?: number; timeControl?: TimeControl } = {},
  server?: TestServer,
): Promise<Table> {
  const s = server ?? (await startServer());
  const [white, black] = await Promise.all([Client.connect(s, { name: 'Ann "W"' }), Client.connect(s, { name: 'Ben \\B' })]);
  const gameId = await createGame(s, white, black, { variant, timeControl: opts.timeControl ?? { kind: 'none' }, ...opts });
  await white.ok('game:join', { gameId });
  await black.ok('game:join', { gameId });
  return { server: s, white, black, gameId };
}

/** Exports the finished game, replays the PGN with the CLI and compares with the server's record. */
async function roundTrip({ server, gameId }: Table, expected: Outcome): Promise<void> {
  const snap = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as GameSnapshot;
  expect(snap.status).toBe('finished');
  expect(snap.outcome).toEqual(expected);
  const pgn = await (await fetch(`${server.url}/api/games/${gameId}/pgn`)).text();
  const { status, out } = json(['replay'], pgn);
  expect(status, pgn).toBe(0);
  expect(out, pgn).toMatchObject({ ok: true, variant: snap.variant, status: 'finished', result: expected.result, reason: expected.reason });
  const movetext = pgn.split('\n\n')[1]?.replace(/\s+/g, ' ').trim() ?? '';
  expect(`${String(out.notation)} ${expected.result ?? '*'}`.trim()).toBe(movetext);
}

describe('finished server games round-trip through the PGN export and pchess replay', { timeout: 60_000 }, () => {
  it('checkmate (Scottish)', async () => {
    const t = await table('scottish');
    const v = await playMoves(t.white, t.gameId, 1, ['e2e4']);
    await playMoves(t.white, t.gameId, await playMoves(t.black, t.gameId, v, ['f7f6', 'g7g5']), ['d1h5']);
    await roundTrip(t, { result: '1-0', reason: 'checkmate' });
  });

  it('a mate on the last move of a series (Italian, from a set-up position: FEN and Turn tags)', async () => {
    const t = await table('italian', { fen: 'rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b KQkq - 0 1', turn: 4 });
    await playMoves(t.black, t.gameId, 1, ['d4d3', 'd3c2', 'c2b1q', 'f8b4']);
    await roundTrip(t, { result: '0-1', reason: 'checkmate' });
  });

  it('resignation (Italian)', async () => {
    const t = await table('italian');
    const v = await playMoves(t.black, t.gameId, await playMoves(t.white, t.gameId, 1, ['e2e4']), ['e7e5', 'g8f6']);
    expect(v).toBe(4);
    await t.white.ok('game:resign', { gameId: t.gameId });
    await roundTrip(t, { result: '0-1', reason: 'resignation' });
  });

  it('dead position: a capture on the last move of the turn (Scottish) and an under-promotion in mid-series (Logical)', async () => {
    const capture = await table('scottish', { fen: '8/8/8/k7/8/8/1r6/K7 w - - 0 1', turn: 1 });
    await playMoves(capture.white, capture.gameId, 1, ['a1b2']);
    await roundTrip(capture, { result: '1/2-1/2', reason: 'insufficient-material' });
    const promotion = await table('logical', { fen: '8/4P3/8/8/8/k7/8/K7 w - - 0 1', turn: 3 }, capture.server);
    await playMoves(promotion.white, promotion.gameId, 1, ['e7e8n']);
    await roundTrip(promotion, { result: '1/2-1/2', reason: 'insufficient-material' });
  });

  it('stalemate in mid-series (English) and all captured (Take-All)', async () => {
    const stalemate = await table('english', { fen: '7k/5Q2/8/8/1p6/8/1P6/K7 b - - 0 1', turn: 2 });
    await playMoves(stalemate.black, stalemate.gameId, 1, ['b4b3']);
    await roundTrip(stalemate, { result: '1/2-1/2', reason: 'stalemate' });
    const takeAll = await table('take-all', { fen: '8/8/8/8/8/8/1n6/K7 w - - 0 1', turn: 1 }, stalemate.server);
    await playMoves(takeAll.white, takeAll.gameId, 1, ['a1b2']);
    await roundTrip(takeAll, { result: '1-0', reason: 'all-captured' });
  });

  it('timeout (Escalation, Fischer clock)', async () => {
    const clock = manualClock();
    const server = await startServer({ now: clock.now, deadlineTickMs: 10, firstMoveGraceMs: 30_000 });
    const t = await table('escalation', { timeControl: { kind: 'fischer', initial: 10, increment: 2 } }, server);
    const v = await playMoves(t.white, t.gameId, 1, ['e2e4']);
    await playMoves(t.black, t.gameId, v, ['e7e5']);
    const over = t.white.next('game:event', (e) => e.event.type === 'game-over');
    clock.advance(10_001);
    await over;
    await roundTrip(t, { result: '1-0', reason: 'timeout' });
  });

  it('draw agreement (English) and a passed cost turn then resignation (Simple cost)', async () => {
    const draw = await table('english');
    await playMoves(draw.white, draw.gameId, 1, ['e2e4']);
    await draw.black.ok('game:drawOffer', { gameId: draw.gameId });
    await draw.white.ok('game:drawAccept', { gameId: draw.gameId });
    await roundTrip(draw, { result: '1/2-1/2', reason: 'agreement' });
    const cost = await table('cost-simple', {}, draw.server);
    let v = await playMoves(cost.black, cost.gameId, await playMoves(cost.white, cost.gameId, 1, ['e2e4']), ['e7e5']);
    v = await playMoves(cost.white, cost.gameId, v, ['d2d4']);
    v = (await cost.white.ok('game:endTurn', { gameId: cost.gameId, version: v })).version;
    await playMoves(cost.black, cost.gameId, v, ['d7d5']);
    await cost.black.ok('game:resign', { gameId: cost.gameId });
    await roundTrip(cost, { result: '1-0', reason: 'resignation' });
  });

  it('abort before any move (Fibonacci cost)', async () => {
    const t = await table('cost-fibonacci');
    await t.white.ok('game:abort', { gameId: t.gameId });
    await roundTrip(t, { result: null, reason: 'aborted', abort: 'player' });
  });
});
