import { decodeState, encodeState, newGame, parseSquare, play, parseUci, type GameState } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { ClockSync } from './clock-sync.js';
import { checkSquare } from './moves.js';
import { playOnText, reasonText, resultHeadline } from './outcome-text.js';
import { matchRoute, navigate, pageTitle, router } from './router.svelte.js';
import { seriesProgress } from './series.js';
import { formatClock, timeControlLabel } from './time-control-text.js';

function game(variant: Parameters<typeof newGame>[0], ...ucis: string[]): GameState {
  const res = newGame(variant);
  if (!res.ok) throw new Error(res.error.message);
  let state = res.value;
  for (const u of ucis) {
    const r = play(state, parseUci(u)!);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
  }
  return state;
}

describe('series progress', () => {
  it('counts points and prices pieces in cost variants', () => {
    // Cost: turn 3 gives ceil(3/2) = 2 points to White.
    const s = seriesProgress(game('cost', 'e2e4', 'e7e5'));
    expect(s).toMatchObject({ turn: 3, unit: 'points', budget: 2, used: 0, left: 2, label: '2 points left of 2' });
    expect(s.costs?.find((c) => c.role === 'knight')).toEqual({ role: 'knight', cost: 3, affordable: false });
    expect(s.costs?.find((c) => c.role === 'pawn')?.affordable).toBe(true);
    const after = seriesProgress(game('cost', 'e2e4', 'e7e5', 'd2d4'));
    expect(after).toMatchObject({ used: 1, left: 1, label: '1 point left of 2' });
    expect(after.pips).toEqual(['done', 'todo']);
  });

  it('labels move-count series', () => {
    expect(seriesProgress(game('italian', 'e2e4')).label).toBe('Move 1 of 2');
  });

  it('says when the ten-turn rule waits for a forced mate', () => {
    // White's tenth quiet turn (Nh3-g5); Black can then mate with Re8-e1.
    const start = newGame('scottish', { fen: '4r1k1/5ppp/8/8/8/7N/PP6/K7 w - - 0 1' });
    if (!start.ok) throw new Error(start.error.message);
    const nine = decodeState(encodeState(start.value).split(' ').map((f, i) => (i === 10 ? '9' : f)).join(' '));
    if (!nine.ok) throw new Error(nine.error.message);
    const r = play(nine.value, parseUci('h3g5')!);
    if (!r.ok) throw new Error(r.error.message);
    expect(seriesProgress(r.value.state).playOn).toBe('Ten quiet turns: Black can force mate, play on');
    expect(playOnText(start.value)).toBeNull();
    expect(seriesProgress(start.value).playOn).toBeNull();
  });
});

describe('the king in check on the board', () => {
  const line = ['e2e4', 'd7d6', 'h7h6', 'f1b5'];
  it('marks the defender\'s king in the middle of an Escalation series, where the check does not end it', () => {
    const mid = game('escalation', ...line);
    expect(mid.color).toBe('white');
    expect(checkSquare(mid)).toBe(parseSquare('e8'));
    // still marked while the series goes on and the check stands, gone once the bishop steps back
    expect(checkSquare(game('escalation', ...line, 'g1f3'))).toBe(parseSquare('e8'));
    expect(checkSquare(game('escalation', ...line, 'b1c3', 'b5e2'))).toBeNull();
  });
  it('marks the side to move\'s king when a check ended the series, and nothing in Take-All', () => {
    expect(checkSquare(game('scottish', ...line))).toBe(parseSquare('e8'));
    expect(checkSquare(game('scottish', 'e2e4'))).toBeNull();
    expect(checkSquare(game('take-all', ...line))).toBeNull();
  });
});

describe('texts', () => {
  it('explains outcomes in plain words', () => {
    expect(reasonText({ result: '1-0', reason: 'progressive-checkmate' })).toBe(
      'Progressive checkmate: Black was in check, and every way out of it would have given check before the last move of the series, which Italian rules forbid',
    );
    expect(reasonText({ result: '0-1', reason: 'timeout' })).toBe('White ran out of time');
    // a stalemate is no legal move at all in Scottish; in Italian the king may have moves, none allowed
    const stalemate = { result: '1/2-1/2', reason: 'stalemate' } as const;
    expect(reasonText(stalemate, 'scottish')).toBe('Stalemate: the side to move had no move the rules allow');
    expect(reasonText(stalemate, 'italian')).toMatch(/^Stalemate: the side to move could not go on without giving check before the last move of its series/);
    expect(resultHeadline({ result: '1/2-1/2', reason: 'agreement' })).toBe('Draw');
    expect(resultHeadline({ result: null, reason: 'aborted' })).toBe('Game aborted');
  });

  it('formats clocks with tenths under ten seconds', () => {
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(9_470)).toBe('0:09.4');
    expect(formatClock(3_725_000)).toBe('1:02:05');
    expect(formatClock(-5)).toBe('0:00.0');
    expect(formatClock(3 * 86_400_000)).toBe('3d 0h');
  });

  it('labels time controls', () => {
    expect(timeControlLabel({ kind: 'fischer', initial: 300, increment: 3 })).toBe('5+3');
    expect(timeControlLabel({ kind: 'per-turn', base: 20, perMove: 5 })).toBe('20 s + 5 s/move per turn');
    expect(timeControlLabel({ kind: 'correspondence', daysPerTurn: 3 })).toBe('3 days per turn');
    expect(timeControlLabel({ kind: 'none' })).toBe('Unlimited');
  });
});

describe('router', () => {
  it('matches the pages', () => {
    expect(matchRoute('/')).toEqual({ page: 'lobby' });
    expect(matchRoute('/game/abc')).toEqual({ page: 'game', id: 'abc' });
    expect(matchRoute('/invite/XYZ')).toEqual({ page: 'invite', code: 'XYZ' });
    expect(matchRoute('/rules')).toEqual({ page: 'rules', variant: null });
    expect(matchRoute('/rules/italian')).toEqual({ page: 'rules', variant: 'italian' });
    expect(matchRoute('/game/a/b')).toEqual({ page: 'not-found' });
    expect(matchRoute('/nope')).toEqual({ page: 'not-found' });
  });

  it('names each page in the window title', () => {
    const title = (path: string) => pageTitle(matchRoute(path));
    expect(title('/')).toBe('Lobby');
    expect(title('/leaderboard')).toBe('Leaderboard');
    expect(title('/leaderboard/italian')).toBe('Leaderboard');
    expect(title('/invite/XYZ')).toBe('Invitation');
    expect(title('/@/Alice')).toBe('Alice');
    expect(title('/signup')).toBe('Sign up');
    expect(title('/login')).toBe('Log in');
    expect(title('/game/abc')).toBe('Game');
    expect(title('/nope')).toBe('Page not found');
  });

  it('follows the query too: the Analysis link on /analysis?game=X opens the empty board, Back brings the game again', async () => {
    navigate('/analysis?game=abc');
    expect([router.path, router.search]).toEqual(['/analysis', '?game=abc']);
    navigate('/analysis');
    expect(location.pathname + location.search).toBe('/analysis');
    expect([router.path, router.search]).toEqual(['/analysis', '']);
    history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    expect([router.path, router.search]).toEqual(['/analysis', '?game=abc']);
    navigate('/');
  });
});

describe('clock sync', () => {
  it('counts the running side down from the server timestamp with the smallest offset', () => {
    const sync = new ClockSync();
    sync.observe(1_000, 1_500);
    sync.observe(2_000, 2_100); // less delay: offset 100
    const view = { white: 10_000, black: 5_000, running: 'white' as const, serverNow: 2_000 };
    expect(sync.remaining(view, 'white', 2_100)).toBe(10_000);
    expect(sync.remaining(view, 'white', 5_100)).toBe(7_000);
    expect(sync.remaining(view, 'black', 5_100)).toBe(5_000);
    expect(sync.remaining(view, 'white', 60_000)).toBe(0);
  });
});
