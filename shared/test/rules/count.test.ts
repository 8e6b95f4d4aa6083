import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { describe, expect, it } from 'vitest';
import { INITIAL_FEN } from '../../src/chess/index.js';
import { finish, legalMoves, play, seriesCount, type GameState, type VariantId } from '../../src/rules/index.js';
import { game, step } from './helpers.js';

/** Reference: counts turn-ending sequences through the public play API (slow, obviously right). */
function referenceCount(s: GameState, passable: boolean): number {
  let n = 0;
  for (const m of legalMoves(s)) {
    const r = play(s, m);
    if (!r.ok) throw new Error(r.error.message);
    if (r.value.turnEnded) n += 1;
    else n += (passable ? 1 : 0) + referenceCount(r.value.state, passable);
  }
  return n;
}

/** Independent: Scottish series counted with chessops (the side to move is put back after each move). */
function chessopsCount(fenText: string, depth: number): number {
  const pos = Chess.fromSetup(parseFen(fenText).unwrap()).unwrap();
  const mover = pos.turn;
  const walk = (p: Chess, left: number): number => {
    let n = 0;
    for (const [from, dests] of p.allDests()) {
      for (const to of dests) {
        const child = p.clone();
        child.play({ from, to });
        const check = child.isCheck();
        child.turn = mover;
        child.epSquare = undefined;
        n += check || left === 1 ? 1 : walk(child, left - 1);
      }
    }
    return n;
  };
  return walk(pos, depth);
}

const START_BLACK = INITIAL_FEN.replace(' w ', ' b ');

describe('seriesCount', () => {
  it('counts the first turns from the initial position (checked against chessops)', () => {
    expect(seriesCount(game('scottish'))).toEqual({ sequences: 20, positions: 20 });
    const t2 = seriesCount(game('scottish', START_BLACK, 2));
    expect(t2.sequences).toBe(chessopsCount(START_BLACK, 2));
    const t3 = seriesCount(game('scottish', INITIAL_FEN, 3));
    expect(t3.sequences).toBe(chessopsCount(INITIAL_FEN, 3));
    expect(t3.positions).toBeLessThan(t3.sequences);
    expect(t3.positions).toBeGreaterThan(1000);
  });

  it.each<[VariantId, string, number]>([
    ['scottish', '4k3/8/8/8/8/8/7P/R3K3 w - - 0 1', 3],
    ['italian', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 3],
    ['english', INITIAL_FEN, 3],
    ['logical', INITIAL_FEN, 3],
    ['escalation', '6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1', 3],
    ['take-all', '4k3/7p/8/8/8/8/8/R3K3 w - - 0 1', 3],
    ['cost', INITIAL_FEN, 5],
    ['cost-simple', START_BLACK, 6],
    ['cost-fibonacci', '4k3/8/8/8/8/8/P7/R3K3 w - - 0 1', 5],
  ])('%s: agrees with the play API', (variant, fenText, turn) => {
    const s = game(variant, fenText, turn);
    const passable = variant.startsWith('cost');
    const { sequences, positions } = seriesCount(s);
    expect(sequences).toBe(referenceCount(s, passable));
    expect(positions).toBeGreaterThan(0);
    expect(positions).toBeLessThanOrEqual(sequences);
  });

  it('counts the rest of a series from the middle of it, including a pass', () => {
    const s = step(game('cost-simple', INITIAL_FEN, 5), 'e2e4').state;
    expect(seriesCount(s).sequences).toBe(1 + referenceCount(s, true));
    const mid = step(game('scottish', INITIAL_FEN, 3), 'e2e4').state;
    expect(seriesCount(mid).sequences).toBe(referenceCount(mid, false));
  });

  it('is reasonably fast, and counts nothing once the game is over', () => {
    const s = game('scottish', INITIAL_FEN, 3);
    const t0 = performance.now();
    const count = seriesCount(s);
    expect(performance.now() - t0).toBeLessThan(3000); // about 0.1 s on an idle core
    expect(count).toEqual({ sequences: 11048, positions: 3036 });
    expect(seriesCount(finish(s, { result: '1-0', reason: 'resignation' }))).toEqual({ sequences: 0, positions: 0 });
  });
});
