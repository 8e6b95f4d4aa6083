// The ten-turn rule's mate exception (docs/rules.md 5.1): when the tenth quiet turn ends, the draw
// waits for one series if its side can force mate in it (found within TEN_TURN_MATE_NODES nodes).
import { describe, expect, it } from 'vitest';
import { findMate } from '../../src/mate/index.js';
import {
  canForceMate,
  decodeState,
  encodeState,
  endTurn,
  stateHash,
  TEN_TURN_MATE_NODES,
  VARIANTS,
  VARIANT_IDS,
  type GameState,
  type VariantId,
} from '../../src/rules/index.js';
import { mateProblems } from '../mate/mates60.js';
import { game, step } from './helpers.js';

const DRAW = { result: '1/2-1/2', reason: 'ten-turn-rule' };

/** The state with its ten-turn counter set (through the encoding). */
function withQuietTurns(s: GameState, n: number): GameState {
  const fields = encodeState(s).split(' ');
  fields[10] = String(n);
  const r = decodeState(fields.join(' '));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plays the moves of one series; a cost series still open afterwards is passed. */
function series(s: GameState, moves: string): GameState {
  let state = s;
  const turn = s.turn;
  for (const m of moves.split(' ')) state = step(state, m).state;
  if (state.turn === turn && !state.outcome) {
    const r = endTurn(state);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
  }
  return state;
}

/** Black's turn: 2 moves, or the points that pay for a rook move in the cost variants. */
function blackTurn(id: VariantId): number {
  const v = VARIANTS[id];
  if (!v.costs) return 2;
  return v.schedule === 'fibonacci' ? 6 : v.costs.rook * 2;
}

// White (Ka1, Pa2 Pb2, Nh3) plays the tenth quiet turn; Black (Kg8, Re8) then mates with Re1.
const MATE = '4r1k1/5ppp/8/8/8/7N/PP6/K7 w - - 0 1';
// Black without its rook: no mate in its series.
const NONE = '6k1/5ppp/8/8/8/7N/PP6/K7 w - - 0 1';
// Take-All: Black (Ra8) can take White's king and knight (after Nc1) in its series; not after Nd4.
const TAKE = 'r6k/8/8/8/8/1N6/8/K7 w - - 0 1';

interface Case { fen: string; white: string; mate: string; other: string }
const cases = (id: VariantId): { mates: Case; none: Case } =>
  id === 'take-all'
    ? { mates: { fen: TAKE, white: 'b3c1', mate: 'a8a1 a1c1', other: 'h8g8 g8h8' }, none: { fen: TAKE, white: 'b3d4', mate: '', other: '' } }
    : {
        mates: {
          fen: MATE,
          white: 'h3g5',
          // A check ends a series only in ends-series variants; elsewhere the mate is the series' last move.
          mate: VARIANTS[id].checkRule === 'ends-series' ? 'e8e1' : 'g8h8 e8e1',
          other: VARIANTS[id].costs ? 'g8h8' : 'g8h8 e8d8',
        },
        none: { fen: NONE, white: 'h3g5', mate: '', other: '' },
      };

/** Black's turn start after White's tenth quiet turn from `fen`. */
function tenthQuiet(id: VariantId, c: Case): GameState {
  return series(withQuietTurns(game(id, c.fen, blackTurn(id) - 1), 9), c.white);
}

describe.each(VARIANT_IDS)('%s: ten-turn rule with a forced mate', (id) => {
  const { mates, none } = cases(id);

  it('play goes on when the side to move can force mate, and its mate wins', () => {
    const start = tenthQuiet(id, mates);
    expect(start.quietTurns).toBe(10);
    expect(start.outcome).toBeNull();
    expect(start.tenTurnPlayOn).toBe(true);
    const end = series(start, mates.mate);
    expect(end.outcome?.result).toBe('0-1');
  });

  it('a mate that is not played: the draw is declared when that series ends', () => {
    const start = tenthQuiet(id, mates);
    const end = series(start, mates.other);
    expect(end.outcome).toEqual(DRAW);
    expect(end.turn).toBe(start.turn + 1);
  });

  it('no mate: the draw is declared at once', () => {
    const start = tenthQuiet(id, none);
    expect(start.outcome).toEqual(DRAW);
    expect(start.tenTurnPlayOn).toBe(false);
  });
});

describe('ten-turn exception, details', () => {
  it('is granted only at exactly ten quiet turns (no exception past them)', () => {
    const s = game('scottish', MATE, 1);
    expect(series(withQuietTurns(s, 10), 'h3g5').outcome).toEqual(DRAW);
    expect(series(withQuietTurns(s, 8), 'h3g5').tenTurnPlayOn).toBe(false);
  });

  it('a pawn move in the played-on series does not save the draw', () => {
    const start = tenthQuiet('scottish', cases('scottish').mates);
    expect(series(start, 'g8h8 h7h6').outcome).toEqual(DRAW);
  });

  it('the budget is a node count; a mate the search cannot prove within it leaves the draw standing', () => {
    // A composed mate that needs more than TEN_TURN_MATE_NODES nodes of the search.
    const hard = mateProblems().map((p) => game('italian', p.fen, p.turn)).find((s) => {
      const quick = findMate(s, { maxNodes: TEN_TURN_MATE_NODES });
      return !quick.found && findMate(s, { maxNodes: 100_000 }).found;
    });
    expect(hard).toBeDefined();
    expect(canForceMate(hard!)).toBe(false);
    const easy = tenthQuiet('italian', cases('italian').mates);
    expect(canForceMate(withQuietTurns(easy, 10))).toBe(true);
  });

  it('the flag round-trips through the encoding and changes the hash; states without it decode as before', () => {
    const start = tenthQuiet('english', cases('english').mates);
    const encoded = encodeState(start);
    expect(encoded.split(' ')).toHaveLength(15);
    expect(encoded.endsWith(' play-on')).toBe(true);
    const back = decodeState(encoded);
    expect(back.ok && back.value.tenTurnPlayOn).toBe(true);
    expect(back.ok && encodeState(back.value)).toBe(encoded);
    const old = encoded.split(' ').slice(0, 14).join(' ');
    const oldState = decodeState(old);
    expect(oldState.ok && oldState.value.tenTurnPlayOn).toBe(false);
    expect(oldState.ok && stateHash(oldState.value)).not.toBe(stateHash(start));
    expect(encodeState(game('scottish')).split(' ')).toHaveLength(14);
    expect(decodeState(`${old} maybe`).ok).toBe(false);
  });
});
