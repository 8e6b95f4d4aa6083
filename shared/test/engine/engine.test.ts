import { describe, expect, it } from 'vitest';
import {
  createEngine,
  formatBest,
  formatHandshake,
  lineSplitter,
  parseBest,
  parseEngineCommand,
  parseHandshake,
  replayMoves,
  seededRandom,
  thinkingMs,
  VARIANT_IDS,
} from '../../src/index.js';
import { run } from '../cli/helpers.js';

/** A clock that moves 1 ms per reading: the search's budgets run out deterministically. */
const ticking = (): (() => number) => {
  let t = 0;
  return () => t++;
};

describe('engine protocol: parsing and formatting', () => {
  it('parses every command, positions with a FEN, a turn and moves (0000 a passed turn)', () => {
    expect(parseEngineCommand('pcp')).toEqual({ ok: true, command: { type: 'pcp' } });
    expect(parseEngineCommand('  isready ')).toEqual({ ok: true, command: { type: 'isready' } });
    expect(parseEngineCommand('variant cost')).toEqual({ ok: true, command: { type: 'variant', variant: 'cost' } });
    expect(parseEngineCommand('position startpos')).toEqual({ ok: true, command: { type: 'position', fen: null, turn: 1, moves: [] } });
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    expect(parseEngineCommand(`position fen ${fen} turn 2 moves e7e5 0000`)).toEqual({
      ok: true,
      command: { type: 'position', fen, turn: 2, moves: ['e7e5', '0000'] },
    });
    expect(parseEngineCommand('go wtime 1000 btime 2000 winc 10 binc 0')).toEqual({
      ok: true,
      command: { type: 'go', params: { wtime: 1000, btime: 2000, winc: 10, binc: 0 } },
    });
    expect(parseEngineCommand('go movetime 50')).toEqual({ ok: true, command: { type: 'go', params: { movetime: 50 } } });
  });

  it('refuses what is not the protocol, saying why', () => {
    for (const bad of ['', 'uci', 'variant chess960', 'position', 'position startpos turn 0', 'position startpos moves e2e9', 'go wtime -1', 'go depth 3', 'quit now']) {
      expect(parseEngineCommand(bad).ok, bad).toBe(false);
    }
  });

  it('formats the handshake, which parses back; best answers parse back', () => {
    const id = { name: 'Test engine 1', author: 'Someone', variants: ['italian', 'cost'] as const };
    const lines = formatHandshake(id);
    expect(lines.at(-1)).toBe('pcpok');
    expect(parseHandshake(lines)).toEqual({ ok: true, id: { ...id, variants: ['italian', 'cost'] } });
    expect(parseHandshake(['id name x', 'protocol pcp 2'])).toMatchObject({ ok: false });
    expect(formatBest(['e2e4'])).toBe('bestmove e2e4');
    expect(parseBest(formatBest(['e7e5', 'g8f6']))).toEqual(['e7e5', 'g8f6']);
    expect(parseBest('info time 3')).toBeNull();
  });

  it('splits chunks into lines', () => {
    const s = lineSplitter();
    expect(s.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(s.push(':2}\r\n\n')).toEqual(['{"b":2}', '']);
  });
});

describe('engine session (the computer player)', () => {
  it('answers the handshake, and a legal whole series for the side to move in every variant', () => {
    for (const variant of VARIANT_IDS) {
      const engine = createEngine({ level: 1, now: ticking(), random: seededRandom(3) });
      expect(engine.handle('pcp').out.at(-1)).toBe('pcpok');
      engine.handle(`variant ${variant}`);
      engine.handle('position startpos moves e2e3');
      const { out } = engine.handle('go movetime 50');
      const series = parseBest(out.at(-1) ?? '');
      expect(series, `${variant}: ${out.join(' | ')}`).not.toBeNull();
      // the series is legal, and ends Black's turn (turn 2)
      const after = replayMoves(variant, null, 1, ['e2e3', ...(series ?? [])]);
      expect(after.ok, variant).toBe(true);
      if (after.ok) expect(after.state.outcome !== null || after.state.turn === 3, variant).toBe(true);
    }
  });

  it('reports a bad position and a bad command without stopping; quit ends it', () => {
    const engine = createEngine({ level: 1, now: ticking(), random: seededRandom(1) });
    engine.handle('position startpos moves e2e5');
    expect(engine.handle('go').out).toEqual([expect.stringMatching(/^info time 0 string bad position: e2e5/), 'bestmove 0000']);
    expect(engine.handle('hello').out).toEqual(['info time 0 string error: unknown command hello']);
    expect(engine.handle('isready')).toEqual({ out: ['readyok'], quit: false });
    expect(engine.handle('quit').quit).toBe(true);
  });

  it('thinks for movetime, else a share of its own clock', () => {
    const start = replayMoves('italian', null, 1, ['e2e4']);
    if (!start.ok) throw new Error(start.error);
    expect(thinkingMs(start.state, { movetime: 70 }, 400)).toEqual({ budgetMs: 70, limitMs: 70 });
    expect(thinkingMs(start.state, { wtime: 100, btime: 2000, binc: 100 }, 400)).toEqual({ budgetMs: 180, limitMs: 550 });
    expect(thinkingMs(start.state, {}, 400)).toEqual({ budgetMs: 400 });
  });

  it('`pchess engine` speaks it on stdin/stdout', () => {
    const r = run(['engine', '--level', '1'], 'pcp\nvariant scottish\nposition startpos\ngo movetime 20\nquit\n');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.slice(0, 5)).toEqual(formatHandshake({ name: 'Progressive Chess Live level 1', author: 'Progressive Chess Live', variants: VARIANT_IDS }));
    expect(lines.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]$/);
  });

  it('`pchess bot` says what is missing (exit 2) and when the server cannot be reached (exit 1)', () => {
    expect(run(['bot', '--token', 't', '--engine', 'x'])).toMatchObject({ status: 2, stderr: expect.stringContaining('bot: --server is required') });
    const down = run(['bot', '--server', 'http://127.0.0.1:9', '--token', 't', '--engine', 'x']);
    expect(down.status).toBe(1);
    expect(down.stderr).toMatch(/^pchess: /);
  });
});
