import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newGame, seriesCount } from '../../src/rules/index.js';
import { buildCli, json, run } from './helpers.js';

/** The code cache of the one-shot commands' bundle (cli/code-cache.ts), written by a run without one. */
const CODE_CACHE = new URL('../../dist/cli/pchess-once.cjs.cache', import.meta.url);

const MATE = '1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#';
const FOOLS_MATE = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';

beforeAll(buildCli, 120_000);

describe('pchess replay', { timeout: 30_000 }, () => {
  it('replays a finished game from a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pchess-'));
    const file = join(dir, 'game.txt');
    writeFileSync(file, '1. e2e4,\n2. e5 Ng8f6,\n3. Bc4 Qh5 Qxf7# 1-0\n');
    const { status, out } = json(['replay', '--variant', 'scottish', file]);
    expect(status).toBe(0);
    expect(out).toEqual({
      ok: true,
      variant: 'scottish',
      turns: 3,
      status: 'finished',
      result: '1-0',
      reason: 'checkmate',
      next: { turn: 4, moveIndex: 1 },
      notation: MATE,
    });
  });

  it('reads stdin, with or without "-", and tells where play continues', () => {
    for (const args of [['replay', '--variant', 'italian'], ['replay', '--variant=italian', '-']]) {
      const { status, out } = json(args, '1.e4 2.e5 Nf6 3.Nf3 Bc4');
      expect(status).toBe(0);
      expect(out).toMatchObject({ ok: true, status: 'playing', result: null, reason: null, turns: 3 });
      expect(out.next).toEqual({ turn: 3, moveIndex: 3 });
      expect(out.notation).toBe('1.e4 2.e5 Nf6 3.Nf3 Bc4');
    }
  });

  it('reports the first illegal or unreadable move and exits 1', () => {
    const illegal = json(['replay', '--variant', 'english'], '1.e4 2.e6 f6 3.e5 Ba6 Bxb7 4.d5');
    expect(illegal.status).toBe(1);
    expect(illegal.out).toMatchObject({ ok: false, turn: 3, move: 3, san: 'Bxb7', code: 'cycle-piece-already-moved' });
    expect(typeof illegal.out.message).toBe('string');
    const unreadable = json(['replay', '--variant', 'scottish'], '1.e4 2.e5 Qq9');
    expect(unreadable.status).toBe(1);
    expect(unreadable.out).toMatchObject({ ok: false, turn: 2, move: 2, san: 'Qq9', code: 'unreadable' });
  });

  it('starts from --fen and --turn; an empty movetext reports a player mated at the start', () => {
    const { status, out } = json(['replay', '--variant', 'scottish', '--fen', FOOLS_MATE, '--turn', '5']);
    expect(status).toBe(0);
    expect(out).toMatchObject({ ok: true, turns: 0, status: 'finished', result: '0-1', reason: 'checkmate', notation: '' });
    const mate = json(
      ['replay', '--variant', 'italian', '--fen', 'rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b KQkq - 0 1', '--turn', '4'],
      '4.d3 dxc2 cxb1=Q Bb4#',
    );
    expect(mate.out).toMatchObject({ ok: true, status: 'finished', result: '0-1', notation: '4.d3 dxc2 cxb1=Q Bb4#' });
  });

  it('exits 2 on usage errors, with a message on stderr', () => {
    const cases = [
      [],
      ['replay'],
      ['replay', '--variant', 'bughouse'],
      ['replay', '--variant', 'scottish', '--depth', '3'],
      ['replay', '--variant', 'scottish', '--turn', '2'],
      ['replay', '--variant', 'scottish', '--fen', 'not a fen', '--turn', '1'],
      ['replay', '--variant', 'scottish', '/nonexistent/game.txt'],
      ['perft', '--depth', 'three'],
      ['frobnicate'],
    ];
    for (const args of cases) {
      const r = run(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr, args.join(' ')).toMatch(/^pchess: /);
    }
  });
});

describe('pchess perft and series', { timeout: 30_000 }, () => {
  it('counts perft nodes', () => {
    expect(run(['perft', '--depth', '3'])).toMatchObject({ status: 0, stdout: '8902\n' });
    const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    expect(run(['perft', '--fen', kiwipete, '--depth', '2'])).toMatchObject({ status: 0, stdout: '2039\n' });
  });

  it('prints the rules seriesCount of a turn', () => {
    expect(json(['series', '--variant', 'scottish']).out).toEqual({ sequences: 20, positions: 20 });
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    const start = newGame('italian', { fen, turn: 2 });
    if (!start.ok) throw new Error(start.error.message);
    const expected = seriesCount(start.value);
    expect(expected.sequences).toBeGreaterThan(expected.positions);
    const { status, out } = json(['series', '--variant', 'italian', '--fen', fen, '--turn', '2']);
    expect(status).toBe(0);
    expect(out).toEqual({ sequences: expected.sequences, positions: expected.positions });
  });
});

describe('pchess mate', { timeout: 30_000 }, () => {
  it('finds a mate from the point the game reached and prints the series', () => {
    const { status, out } = json(['mate', '--variant', 'scottish'], '1.e4 2.e5 Nf6');
    expect(status).toBe(0);
    expect(out).toMatchObject({ found: true, complete: true });
    expect(out.moves).toHaveLength(3);
    const replayed = json(['replay', '--variant', 'scottish'], `1.e4 2.e5 Nf6 3.${String(out.series)}`);
    expect(replayed.out).toMatchObject({ ok: true, status: 'finished', result: '1-0', reason: 'checkmate' });
    expect(typeof out.nodes).toBe('number');
    expect(typeof out.ms).toBe('number');
  });

  it('starts from --fen/--turn and proves that no mate exists', () => {
    const { status, out } = json(['mate', '--variant', 'italian', '--fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '-'], '');
    expect(status).toBe(0);
    expect(out).toMatchObject({ found: false, complete: true });
  });

  it('solves a progressive mate of the 60 from a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pchess-'));
    const file = join(dir, 'empty.txt');
    writeFileSync(file, '');
    const fen = 'r1bqkbnr/ppp1pppp/2n5/1B1P4/8/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 1';
    const { status, out } = json(['mate', '--variant', 'italian', '--fen', fen, '--turn', '4', file]);
    expect(status).toBe(0);
    expect(out).toMatchObject({ found: true, complete: true });
    expect(out.moves).toHaveLength(4);
  });

  it('answers right beside a damaged code cache of its bundle, and replaces it', () => {
    const fen = 'r1bqkbnr/ppp1pppp/2n5/1B1P4/8/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 1';
    const args = ['mate', '--variant', 'italian', '--fen', fen, '--turn', '4', '-'];
    const first = json(args);
    const good = readFileSync(CODE_CACHE);
    const damaged = Buffer.from(good);
    for (let i = good.indexOf(10) + 65; i < damaged.length; i++) damaged[i] = damaged[i]! ^ 0xa5;
    writeFileSync(CODE_CACHE, damaged);
    const second = json(args);
    expect(second.status).toBe(0);
    expect(second.out.moves).toEqual(first.out.moves);
    expect(readFileSync(CODE_CACHE).equals(damaged)).toBe(false);
  });

  it('reports an unfinished search when the budget is tiny', () => {
    // Progressive mate #53: its mate takes the finder many thousands of nodes.
    const fen = '2k2b1r/1p3ppp/2n4n/pB1P4/8/P4N2/1P1K1PPP/2R5 b - - 0 1';
    const { status, out } = json(['mate', '--variant', 'italian', '--fen', fen, '--turn', '8', '--budget-ms', '1', '-'], '');
    expect(status).toBe(0);
    expect(out).toMatchObject({ found: false, complete: false });
  });

  it('exits 1 for an illegal or finished game and 2 for a usage error', () => {
    expect(json(['mate', '--variant', 'scottish'], '1.e4 2.e5 Kf6').status).toBe(1);
    const over = json(['mate', '--variant', 'scottish'], MATE);
    expect(over.status).toBe(1);
    expect(over.out).toMatchObject({ ok: false, code: 'game-over' });
    expect(run(['mate', '--variant', 'nope'], '').status).toBe(2);
    expect(run(['mate', '--variant', 'italian', '--budget-ms', 'x'], '').status).toBe(2);
  });
});
