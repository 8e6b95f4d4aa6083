// `pchess replay` reads PGN-style files as well as bare movetext.
import { beforeAll, describe, expect, it } from 'vitest';
import { gameToPgn, makePgn, parsePgn } from '../../src/notation/index.js';
import { mv } from '../notation/helpers.js';
import { buildCli, json, run } from './helpers.js';

beforeAll(buildCli, 120_000);

const MATE_MOVES = ['e2e4', 'e7e5', 'g8f6', 'f1c4', 'd1h5', 'h5f7'].map(mv);
const MATE_PGN = gameToPgn(
  { variant: 'scottish', moves: MATE_MOVES },
  { tags: { White: 'Ann', Black: 'Bob' }, outcome: { result: '1-0', reason: 'checkmate' } },
);

describe('pchess replay with a PGN-style file', { timeout: 30_000 }, () => {
  it('takes the variant from the Variant tag (no --variant needed)', () => {
    const { status, out } = json(['replay'], MATE_PGN);
    expect(status).toBe(0);
    expect(out).toMatchObject({ ok: true, variant: 'scottish', status: 'finished', result: '1-0', reason: 'checkmate', turns: 3 });
    expect(out.notation).toBe('1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#');
  });

  it('accepts a --variant that agrees with the tag, refuses one that conflicts (exit 2)', () => {
    expect(json(['replay', '--variant', 'scottish'], MATE_PGN).status).toBe(0);
    const r = run(['replay', '--variant', 'italian'], MATE_PGN);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--variant italian conflicts with the file's Variant tag/);
  });

  it('starts from the FEN and Turn tags', () => {
    const fen = 'rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b KQkq - 0 1';
    const pgn = makePgn(
      { variant: 'italian', initialFen: fen, initialTurn: 4, moves: ['d4d3', 'd3c2', 'c2b1q', 'f8b4'].map(mv) },
      { Result: '0-1', Termination: 'checkmate' },
    );
    const { status, out } = json(['replay'], pgn);
    expect(status).toBe(0);
    expect(out).toMatchObject({ ok: true, variant: 'italian', result: '0-1', reason: 'checkmate', notation: '4.d3 dxc2 cxb1=Q Bb4#' });
    expect(run(['replay', '--fen', '8/8/8/8/8/8/8/K6k w - - 0 1'], pgn).status).toBe(2);
    expect(run(['replay', '--turn', '6'], pgn).status).toBe(2);
    expect(json(['replay', '--turn', '4'], pgn).status).toBe(0);
  });

  it('reports a finish the moves cannot show from the Result and Termination tags', () => {
    const moves = ['e2e4', 'e7e5', 'g8f6'].map(mv);
    const resigned = gameToPgn({ variant: 'cost', moves }, { outcome: { result: '0-1', reason: 'resignation' } });
    expect(json(['replay'], resigned).out).toMatchObject({ ok: true, status: 'finished', result: '0-1', reason: 'resignation' });
    const aborted = gameToPgn({ variant: 'logical', moves: [] }, { outcome: { result: null, reason: 'aborted' } });
    expect(json(['replay'], aborted).out).toMatchObject({ ok: true, status: 'finished', result: null, reason: 'aborted', turns: 0 });
    const running = gameToPgn({ variant: 'english', moves }, { outcome: null });
    expect(json(['replay'], running).out).toMatchObject({ ok: true, status: 'playing', next: { turn: 3, moveIndex: 1 } });
  });

  it('exits 1 when the recorded result contradicts the moves', () => {
    const wrong = MATE_PGN.replace('[Result "1-0"]', '[Result "0-1"]');
    expect(json(['replay'], wrong)).toMatchObject({ status: 1, out: { ok: false, code: 'result-mismatch' } });
    const early = gameToPgn({ variant: 'scottish', moves: MATE_MOVES.slice(0, 3) }, { outcome: { result: '1-0', reason: 'checkmate' } });
    expect(json(['replay'], early)).toMatchObject({ status: 1, out: { ok: false, code: 'result-mismatch', turn: 3, move: 1 } });
  });

  it('refuses a file without a Variant tag and without --variant, or with an unknown one (exit 2)', () => {
    expect(run(['replay'], '1.e4 *').status).toBe(2);
    expect(run(['replay'], '[Variant "Bughouse"]\n\n1.e4 *').status).toBe(2);
    expect(json(['replay', '--variant', 'english'], '[Event "x"]\n\n1.e4 *').out).toMatchObject({ ok: true, variant: 'english' });
  });

  it('reads back hostile player names: the tag block stays intact', () => {
    const names = { White: 'Eve\n[Result "0-1"]\n\n9.', Black: 'Mal"lory\\ \u0000\u001b[31m' };
    const pgn = gameToPgn({ variant: 'scottish', moves: MATE_MOVES }, { tags: names, outcome: { result: '1-0', reason: 'checkmate' } });
    const lines = pgn.split('\n');
    expect(lines.slice(0, 5).every((l) => /^\[[A-Za-z]+ "(?:[^"\\]|\\.)*"\]$/.test(l)), pgn).toBe(true);
    expect([lines[5], lines[6]?.slice(0, 2)]).toEqual(['', '1.']);
    const back = parsePgn(pgn);
    expect(back.ok && [back.value.tags.White, back.value.tags.Black]).toEqual(['Eve [Result "0-1"] 9.', 'Mal"lory\\  [31m']);
    const { status, out } = json(['replay'], pgn);
    expect(status).toBe(0);
    expect(out).toMatchObject({ ok: true, result: '1-0', reason: 'checkmate', turns: 3 });
  });
});

describe('where a replayed game stands (next)', { timeout: 30_000 }, () => {
  it('a dead position by a capture on the last move of a turn: the next turn starts', () => {
    const { out } = json(['replay', '--variant', 'scottish', '--fen', '8/8/8/k7/8/8/1r6/K7 w - - 0 1'], '1.Kxb2');
    expect(out).toMatchObject({ status: 'finished', reason: 'insufficient-material', next: { turn: 2, moveIndex: 1 } });
  });

  it('a dead position by under-promotion in mid-series: the next move of that series', () => {
    const args = ['replay', '--variant', 'scottish', '--fen', '8/4P3/8/8/8/k7/8/K7 w - - 0 1', '--turn', '3'];
    expect(json(args, '3.e8=N').out).toMatchObject({ status: 'finished', reason: 'insufficient-material', next: { turn: 3, moveIndex: 2 } });
    expect(json(args, '3.e8=N Kb1').out).toMatchObject({ ok: false, code: 'game-over', turn: 3, move: 2, san: 'Kb1' });
    const italian = ['replay', '--variant', 'italian', '--fen', '8/4P3/8/8/8/k7/8/K7 w - - 0 1', '--turn', '3'];
    expect(json(italian, '3.e8=B').out).toMatchObject({ status: 'finished', result: '1/2-1/2', reason: 'insufficient-material' });
  });
});
