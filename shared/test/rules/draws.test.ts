import { describe, expect, it } from 'vitest';
import type { Move } from '../../src/chess/index.js';
import { decodeState, encodeState, endTurn, legalMoves, play, positionOf, VARIANT_IDS, type GameState, type VariantId } from '../../src/rules/index.js';
import { game, run, step } from './helpers.js';

const DRAW = (reason: string) => ({ result: '1/2-1/2', reason });

describe('progressive stalemate', () => {
  // Black's king is boxed in by Qf7; b4-b3 is Black's last free move.
  const BOXED = '7k/5Q2/8/8/1p6/8/1P6/K7 b - - 0 1';

  it.each<[VariantId, number]>([
    ['scottish', 2],
    ['italian', 2],
    ['english', 2],
    ['logical', 2],
    ['escalation', 2],
    ['cost', 4],
    ['cost-simple', 4],
  ])('%s: stalemating oneself in mid-series draws', (variant, turn) => {
    const s = game(variant, BOXED, turn);
    expect(s.outcome).toBeNull();
    const out = step(s, 'b4b3');
    expect(out.outcome).toEqual(DRAW('stalemate'));
    expect(out.turnEnded).toBe(true);
    expect(out.state.color).toBe('black');
    expect(out.state.moveIndex).toBe(1);
  });

  it('cost: spending the last point first ends the turn instead', () => {
    const out = step(game('cost', BOXED, 2), 'b4b3');
    expect(out.outcome).toBeNull();
    expect(out.state.color).toBe('white');
  });

  it('no legal move at the start of a turn draws', () => {
    expect(game('scottish', '7k/5Q2/8/8/8/8/8/K7 b - - 0 1', 2).outcome).toEqual(DRAW('stalemate'));
    const s = game('scottish', '7k/4Q3/8/8/8/8/8/K7 w - - 0 1', 1);
    const out = step(s, 'e7f7');
    expect(out.outcome).toEqual(DRAW('stalemate'));
    expect(out.state.color).toBe('black');
  });

  it('Italian: unable to complete the series without an early check is stalemate', () => {
    // After b4-b3 only e3-e2+ remains, a check before the last move.
    const s = game('italian', '7k/5Q2/8/8/1p6/4p3/1P6/5K2 b - - 0 1', 4);
    expect(legalMoves(s).length).toBe(1);
    expect(step(s, 'b4b3').outcome).toEqual(DRAW('stalemate'));
    const scottish = run(game('scottish', '7k/5Q2/8/8/1p6/4p3/1P6/5K2 b - - 0 1', 4), 'b4b3 e3e2');
    expect(scottish.check).toBe(true);
    expect(scottish.outcome).toBeNull();
    expect(game('italian', '7k/5Q2/8/8/8/4p3/8/5K2 b - - 0 1', 2).outcome).toEqual(DRAW('stalemate'));
  });
});

/** A pseudo-random source for move choices. */
const lcg = (seed: number) => {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
};

/** Finishes the current turn with quiet moves (no capture, pawn move or check); cost turns pass when stuck. */
function finishTurn(start: GameState, pick: (n: number) => number): GameState {
  let s = start;
  const turn = s.turn;
  while (s.turn === turn && !s.outcome) {
    const pos = positionOf(s);
    const quiet = legalMoves(s).filter(
      (m: Move) => pos.pieceAt(m.from)?.role !== 'pawn' && !pos.pieceAt(m.to) && !pos.givesCheck(m),
    );
    const r = quiet.length > 0 ? play(s, quiet[pick(quiet.length)]!) : endTurn(s);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return s;
}

function quietTurns(start: GameState, turns: number, seed: number): GameState[] {
  const pick = lcg(seed);
  const ends: GameState[] = [];
  let s = start;
  for (let i = 0; i < turns && !s.outcome; i++) ends.push((s = finishTurn(s, pick)));
  return ends;
}

/** The state with its ten-turn counter set (through the encoding). */
function withQuietTurns(s: GameState, n: number): GameState {
  const fields = encodeState(s).split(' ');
  fields[10] = String(n);
  const r = decodeState(fields.join(' '));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('ten-turn rule', () => {
  const ROOKS = 'r3k3/8/8/8/8/8/P7/4K2R w - - 0 1';

  it('draws automatically at the end of the 10th quiet turn', () => {
    const ends = quietTurns(game('scottish', ROOKS, 1), 10, 7);
    expect(ends.slice(0, 9).map((s) => s.outcome)).toEqual(Array(9).fill(null));
    expect(ends.map((s) => s.quietTurns)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ends[9]?.outcome).toEqual(DRAW('ten-turn-rule'));
    expect(ends[9]?.turn).toBe(11);
  });

  it('a pawn move or a capture resets the count', () => {
    const s9 = withQuietTurns(game('scottish', ROOKS, 5), 9);
    const afterPawn = finishTurn(step(s9, 'a2a3').state, lcg(1));
    expect(afterPawn.quietTurns).toBe(0);
    expect(afterPawn.outcome).toBeNull();
    const capture = withQuietTurns(game('scottish', '4k3/8/8/r7/8/8/8/R3K3 w - - 0 1', 5), 9);
    const afterCapture = finishTurn(step(capture, 'a1a5').state, lcg(1));
    expect(afterCapture.quietTurns).toBe(0);
    expect(afterCapture.outcome).toBeNull();
  });

  // (Take-All is left out here: Black could take everything in that series, the rule's exception,
  // which ten-turn-mate.test.ts covers in every variant.)
  it.each<VariantId>(['english', 'italian', 'cost', 'cost-fibonacci'])('%s: applies too', (variant) => {
    const s = game(variant, 'r3k3/8/8/8/8/8/8/4K2R w - - 0 1', 5);
    expect(finishTurn(withQuietTurns(s, 8), lcg(5)).outcome).toBeNull();
    const tenth = finishTurn(withQuietTurns(s, 9), lcg(5));
    expect(tenth.outcome).toEqual(DRAW('ten-turn-rule'));
    expect(tenth.turn).toBe(6);
  });
});

describe('repetition', () => {
  const ROOKS = 'r3k3/8/8/8/8/8/8/4K2R w - - 0 1';

  it.each<VariantId>(['scottish', 'italian', 'logical', 'escalation', 'take-all'])('%s: the third occurrence at a turn end draws; mid-series positions never count', (variant) => {
    const s = game(variant, ROOKS, 1);
    const t4 = run(s, 'h1h2 a8a7 a7a8 h2h3 h3h1 h1h2 a8a7 a7a8 a8a7 a7a8');
    expect(t4.outcome).toBeNull();
    // Turn 5 passes the repeated placement mid-series (after h4h2) and ends on it.
    const mid = run(t4.state, 'h2h3 h3h4 h4h2 h2h3');
    expect(mid.outcome).toBeNull();
    expect(step(mid.state, 'h3h2').outcome).toEqual(DRAW('repetition'));
  });

  it('the start position counts as an occurrence', () => {
    const s = game('scottish', ROOKS, 1);
    const t5 = run(s, 'h1h2 a8a7 a7a8 h2h1 h1h2 h2h1 a8a7 a7a8 a8a7 a7a8 h1h2 h2h3 h3h1 h1h2 h2h1');
    expect(t5.outcome).toBeNull();
    expect(run(t5.state, 'a8a7 a7a8 a8a7 a7a8 a8a7 a7a8').outcome).toEqual(DRAW('repetition'));
  });

  it('a series with the same placement but the other side to move is a different position', () => {
    const s = game('scottish', ROOKS, 1);
    // Turn ends alternate sides, so (Rh2, Ra8) recurs only twice per side here.
    const out = run(s, 'h1h2 a8a7 a7a8 h2h3 h3h1 h1h2 a8a7 a7a8 a8a7 a7a8');
    expect(out.state.history.length).toBe(5);
    expect(out.outcome).toBeNull();
  });
});

describe('insufficient material', () => {
  const CAPTURE = '4k3/8/8/8/8/8/3p4/4K3 w - - 0 1';
  const mating = VARIANT_IDS.filter((v) => v !== 'take-all');

  it.each(mating)('%s: a capture leaving K v K draws at once, even mid-series', (variant) => {
    const out = step(game(variant, CAPTURE, 3), 'e1d2');
    expect(out.outcome).toEqual(DRAW('insufficient-material'));
    expect(out.turnEnded).toBe(true);
    expect(out.state.outcome).toEqual(out.outcome);
  });

  it('a dead position at the start draws; opposite-coloured bishops do not', () => {
    expect(game('scottish', '4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1', 1).outcome).toEqual(DRAW('insufficient-material'));
    expect(game('scottish', '4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1', 1).outcome).toBeNull();
    expect(game('italian', '4k3/8/8/8/8/8/8/1N2K3 w - - 0 1', 1).outcome).toEqual(DRAW('insufficient-material'));
  });

  it('Take-All ignores it', () => {
    const out = step(game('take-all', CAPTURE, 3), 'e1d2');
    expect(out.outcome).toBeNull();
    expect(game('take-all', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', 1).outcome).toBeNull();
  });
});
