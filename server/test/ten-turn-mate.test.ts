// The ten-turn rule's mate exception through the server (docs/rules.md 5.1.1): a game reaching its
// tenth quiet turn with a forced mate for the side to move goes on for one series, then ends.
import { findMate, legalMoves, makeUci, newGame, play, positionOf, type GameState, type Move } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { Client, createGame, playMoves, startServer } from './helpers.js';

const FEN = '7k/8/8/8/8/8/8/KQR5 w - - 0 1';

/** Ten quiet Scottish turns from FEN (no capture, pawn move or check), chosen by a seeded pick, as UCI series. */
function quietGame(seed: number): { series: string[][]; end: GameState } {
  let x = seed;
  const pick = (n: number): number => ((x = (x * 1103515245 + 12345) % 2147483648), x % n);
  const start = newGame('scottish', { fen: FEN });
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value;
  const series: string[][] = [];
  while (series.length < 10 && !s.outcome) {
    const turn = s.turn;
    const moves: string[] = [];
    while (s.turn === turn && !s.outcome) {
      const pos = positionOf(s);
      const quiet = legalMoves(s).filter((m: Move) => !pos.pieceAt(m.to) && !pos.givesCheck(m));
      if (quiet.length === 0) return { series, end: s };
      const m = quiet[pick(quiet.length)]!;
      const r = play(s, m);
      if (!r.ok) throw new Error(r.error.message);
      moves.push(makeUci(m));
      s = r.value.state;
    }
    series.push(moves);
  }
  return { series, end: s };
}

/** The first seed whose ten quiet turns leave White a forced mate at turn 11. */
function gameWithMate(): { series: string[][]; end: GameState } {
  for (let seed = 1; seed < 200; seed++) {
    const g = quietGame(seed);
    if (g.series.length === 10 && g.end.tenTurnPlayOn) return g;
  }
  throw new Error('no seed gives a forced mate after ten quiet turns');
}

async function playTenQuietTurns(series: string[][]) {
  const server = await startServer();
  const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
  const gameId = await createGame(server, white, black, { variant: 'scottish', fen: FEN });
  await white.ok('game:join', { gameId });
  await black.ok('game:join', { gameId });
  let v = 1;
  for (const [i, moves] of series.entries()) v = await playMoves(i % 2 === 0 ? white : black, gameId, v, moves);
  return { white, black, gameId, v };
}

describe('ten-turn rule with a forced mate, through the server', () => {
  const g = gameWithMate();

  it('goes on after the tenth quiet turn, and the mate wins', async () => {
    const { white, black, gameId, v } = await playTenQuietTurns(g.series);
    const s = (await black.ok('game:resync', { gameId })).snapshot;
    expect(s.status).not.toBe('finished');
    expect(s.outcome).toBeNull();
    expect(s.state.endsWith(' play-on')).toBe(true);
    const mate = findMate(g.end, { maxNodes: 100_000 });
    expect(mate.found).toBe(true);
    const over = black.next('game:event', (e) => e.event.type === 'move' && e.event.outcome != null);
    await playMoves(white, gameId, v, mate.found ? mate.moves.map(makeUci) : []);
    expect((await over).event).toMatchObject({ outcome: { result: '1-0', reason: 'checkmate' } });
  });

  it('without the mate, the draw is declared when that series ends', async () => {
    const { white, black, gameId, v } = await playTenQuietTurns(g.series);
    // A quiet White series of turn 11 (one more seeded pick) that does not mate.
    let s = g.end;
    const moves: string[] = [];
    while (s.turn === 11 && !s.outcome) {
      const pos = positionOf(s);
      const m = legalMoves(s).find((c) => !pos.pieceAt(c.to) && !pos.givesCheck(c));
      if (!m) throw new Error('no quiet move');
      moves.push(makeUci(m));
      const r = play(s, m);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    }
    expect(s.outcome).toEqual({ result: '1/2-1/2', reason: 'ten-turn-rule' });
    const over = black.next('game:event', (e) => e.event.type === 'move' && e.event.outcome != null);
    await playMoves(white, gameId, v, moves);
    expect((await over).event).toMatchObject({ outcome: { result: '1/2-1/2', reason: 'ten-turn-rule' } });
    expect((await white.ok('game:resync', { gameId })).snapshot.status).toBe('finished');
  });
});
