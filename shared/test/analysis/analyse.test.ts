import { describe, expect, it } from 'vitest';
import { analyseGame, playedTurns, type GameAnalysis } from '../../src/analysis/index.js';
import { isWinningSeries } from '../../src/mate/index.js';
import { parseGame, type GameRecord } from '../../src/notation/index.js';
import { parseUci } from '../../src/chess/index.js';
import type { VariantId } from '../../src/rules/index.js';
import { mateProblems } from '../mate/mates60.js';
import { game } from '../rules/helpers.js';

function record(variant: VariantId, text: string, opts: { fen?: string; turn?: number } = {}): GameRecord {
  const r = parseGame(text, variant, opts);
  if (!r.ok) throw new Error(`${r.error.code} at turn ${r.error.turn} move ${r.error.move}: ${r.error.message}`);
  return r.value.record;
}

function analyse(rec: GameRecord): GameAnalysis {
  const r = analyseGame(rec, { maxNodesPerTurn: 2_000_000 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const turn = (a: GameAnalysis, t: number) => {
  const found = a.turns.find((x) => x.turn === t);
  if (!found) throw new Error(`no turn ${t} in ${a.turns.map((x) => x.turn).join(',')}`);
  return found;
};

describe('playedTurns', () => {
  it('cuts a game into its series, with the index of each first move', () => {
    const turns = playedTurns(record('scottish', '1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#'));
    expect(turns.ok && turns.value.map((t) => [t.start.turn, t.firstMove, t.moves.length])).toEqual([
      [1, 0, 1],
      [2, 1, 2],
      [3, 3, 3],
    ]);
  });

  it('keeps a series cut short by a finish from outside, and a turn with no move yet', () => {
    const cut = playedTurns(record('scottish', '1.e4 2.e5 Nf6 3.Bc4'));
    expect(cut.ok && cut.value.map((t) => [t.start.turn, t.moves.length])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    const waiting = playedTurns(record('scottish', '1.e4 2.e5 Nf6'));
    expect(waiting.ok && waiting.value.map((t) => [t.start.turn, t.moves.length])).toEqual([
      [1, 1],
      [2, 2],
      [3, 0],
    ]);
  });

  it('reports an illegal record as a notation error', () => {
    const bad: GameRecord = { variant: 'scottish', moves: [parseUci('e2e5')!] };
    const r = playedTurns(bad);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ code: 'illegal-move', turn: 1, move: 1 });
  });
});

describe('analyseGame', () => {
  it('marks the mate played, and that it was the fastest', () => {
    const a = analyse(record('scottish', '1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#'));
    const t3 = turn(a, 3);
    expect(t3).toMatchObject({ color: 'white', won: true, missed: false, fastest: true, complete: true });
    expect(t3.best?.san).toHaveLength(3);
    expect(t3.best?.san.at(-1)).toMatch(/#$/);
    expect(turn(a, 1)).toMatchObject({ best: null, complete: true, won: false, missed: false });
    expect(turn(a, 2)).toMatchObject({ best: null, complete: true, missed: false });
  });

  it('marks a missed mate with its line, replayable through the rules', () => {
    const rec = record('scottish', '1.e4 2.e5 Nf6 3.Bc4 Qh5 Nc3');
    const a = analyse(rec);
    const t3 = turn(a, 3);
    expect(t3).toMatchObject({ won: false, missed: true, fastest: null, complete: true, firstMove: 3, played: 3 });
    expect(t3.best?.san.at(-1)).toMatch(/#$/);
    const start = playedTurns(rec);
    if (!start.ok) throw new Error('replay');
    const moves = t3.best!.uci.map((u) => parseUci(u)!);
    expect(isWinningSeries(start.value[2]!.start, moves)).toBe(true);
  });

  it('a last series cut short by the opponent resigning is not a missed win; by the mover resigning it is', () => {
    const rec = record('scottish', '1.e4 2.e5 Nf6 3.Bc4 Qh5');
    const opts = { maxNodesPerTurn: 2_000_000 };
    const byBlack = analyseGame(rec, { ...opts, outcome: { result: '1-0', reason: 'resignation' } });
    const byWhite = analyseGame(rec, { ...opts, outcome: { result: '0-1', reason: 'resignation' } });
    expect(byBlack.ok && byBlack.value.turns[2]).toMatchObject({ turn: 3, played: 2, missed: false, won: false });
    expect(byBlack.ok && byBlack.value.turns[2]?.best?.san.at(-1)).toBe('Qxf7#');
    expect(byWhite.ok && byWhite.value.turns[2]).toMatchObject({ turn: 3, missed: true });
  });

  it('says a slow mate was not the fastest where a check ends the series', () => {
    // Turn 5: Qxf7 mates at once; White mates at the last move instead.
    const rec = record('scottish', '1.e4 2.e5 Nf6 3.Bc4 Qh5 Nc3 4.a6 a5 b6 Ra7 5.a3 b3 d3 Kf1 Qxf7#');
    const a = analyse(rec);
    expect(turn(a, 3).missed).toBe(true);
    const t5 = turn(a, 5);
    expect(t5).toMatchObject({ won: true, missed: false, fastest: false, complete: true });
    expect(t5.best?.san).toEqual(['Qxf7#']);
  });

  it('Italian: the mate of a full series is always the fastest; another series misses it', () => {
    const p = mateProblems()[0]!;
    const solution = p.solution;
    const played = analyseGame(
      { variant: 'italian', initialFen: p.fen, initialTurn: p.turn, moves: solution },
      { maxNodesPerTurn: 2_000_000 },
    );
    expect(played.ok && played.value.turns[0]).toMatchObject({ won: true, fastest: true, missed: false, nodes: 0 });

    const start = game('italian', p.fen, p.turn);
    expect(isWinningSeries(start, solution)).toBe(true);
    const quiet = record('italian', `${p.turn}.a6 a5 h6 h5`, { fen: p.fen, turn: p.turn });
    const missed = analyse(quiet);
    const t = missed.turns[0]!;
    expect(t).toMatchObject({ won: false, missed: true, complete: true });
    expect(isWinningSeries(start, t.best!.uci.map((u) => parseUci(u)!))).toBe(true);
  });

  it('says incomplete (and claims nothing) when the budget runs out', () => {
    const p = mateProblems().find((x) => x.turn >= 8)!;
    const quiet = record('italian', `${p.turn}.`, { fen: p.fen, turn: p.turn });
    const r = analyseGame(quiet, { maxNodesPerTurn: 20 });
    expect(r.ok && r.value.turns[0]).toMatchObject({ best: null, complete: false, missed: false });
    expect(r.ok && r.value.complete).toBe(false);
  });

  it('uses the clock it is given for the per-turn budget', () => {
    let t = 0;
    const p = mateProblems().find((x) => x.turn >= 8)!;
    const r = analyseGame(record('italian', `${p.turn}.`, { fen: p.fen, turn: p.turn }), {
      budgetMsPerTurn: 5,
      now: () => (t += 10),
    });
    expect(r.ok && r.value.turns[0]?.complete).toBe(false);
  });
});
