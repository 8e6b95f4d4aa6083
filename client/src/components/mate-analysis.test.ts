import type { GameAnalysis, MoveRecord, TurnAnalysis } from '@progressive-chess/shared';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markOf, marksOf } from '../lib/game-analysis.js';
import MateAnalysis from './MateAnalysis.svelte';
import MoveList from './MoveList.svelte';

const turn = (t: number, extra: Partial<TurnAnalysis>): TurnAnalysis => ({
  turn: t,
  color: t % 2 === 1 ? 'white' : 'black',
  firstMove: 0,
  played: t,
  best: null,
  complete: true,
  won: false,
  missed: false,
  fastest: null,
  nodes: 1,
  ...extra,
});
const line = { san: ['Bc4', 'Qh5', 'Qxf7#'], uci: ['f1c4', 'd1h5', 'h5f7'] };
const analysis: GameAnalysis = {
  variant: 'scottish',
  complete: true,
  turns: [turn(1, {}), turn(2, {}), turn(3, { best: line, missed: true }), turn(4, {}), turn(5, { won: true, fastest: false, best: { san: ['Qxf7#'], uci: ['h5f7'] } })],
};

describe('analysis marks', () => {
  it('marks missed wins with their line, and wins played as fastest, slower or unknown', () => {
    expect(markOf(analysis.turns[2]!)).toEqual({ kind: 'missed', label: 'missed mate', detail: 'White missed a win: Bc4 Qh5 Qxf7#' });
    expect(markOf(analysis.turns[4]!)).toMatchObject({ kind: 'slower', detail: 'White won, but faster was Qxf7#' });
    expect(markOf(turn(3, { won: true, fastest: true }))?.kind).toBe('fastest');
    expect(markOf(turn(3, { won: true, fastest: null }))?.kind).toBe('won');
    expect(markOf(analysis.turns[0]!)).toBeNull();
    expect([...marksOf(analysis).keys()]).toEqual([3, 5]);
  });

  it('the move list shows a turn mark at the end of its row', () => {
    const rec = (san: string, t: number, index: number): MoveRecord => ({
      uci: 'a2a3',
      san,
      color: t % 2 === 1 ? 'white' : 'black',
      turn: t,
      index,
      turnEnded: false,
      at: 0,
    });
    const moves = [rec('e4', 1, 1), rec('e5', 2, 1), rec('Nf6', 2, 2), rec('Nc3', 3, 1)];
    render(MoveList, { moves, viewPly: null, onview: () => {}, marks: marksOf(analysis) });
    const mark = screen.getByTestId('analysis-mark');
    expect(mark.textContent).toBe('missed mate');
    expect(mark.getAttribute('title')).toBe('White missed a win: Bc4 Qh5 Qxf7#');
    expect(mark.closest('li')?.textContent).toContain('3.');
  });
});

describe('MateAnalysis', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the analysis, lists the marks and hands them to the page', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ gameId: 'g1', analysis, cached: false }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const onmarks = vi.fn();
    render(MateAnalysis, { gameId: 'g1', onmarks });
    await fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await screen.findByTestId('analysis-summary');
    expect(fetchMock).toHaveBeenCalledWith('/api/games/g1/analysis', expect.anything());
    expect(screen.getByTestId('analysis-summary').textContent).toContain('Turn 3: White missed a win: Bc4 Qh5 Qxf7#');
    expect([...(onmarks.mock.calls[0]?.[0] as Map<number, unknown>).keys()]).toEqual([3, 5]);
  });

  it('Take-All has no mate: the panel and the marks speak of wins', async () => {
    const takeAll: GameAnalysis = { ...analysis, variant: 'take-all', turns: [turn(3, { best: { san: ['Bxd7', 'Bxe8'], uci: [] }, missed: true })] };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ gameId: 'g1', analysis: takeAll, cached: false }), { status: 200 }));
    const onmarks = vi.fn();
    render(MateAnalysis, { gameId: 'g1', onmarks, variant: 'take-all' });
    expect(screen.queryByText('Where was a win missed?')).not.toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await screen.findByRole('heading', { name: 'Wins' });
    expect((onmarks.mock.calls[0]?.[0] as Map<number, { label: string }>).get(3)?.label).toBe('missed win');
    expect(markOf(turn(5, { won: true, fastest: true }), 'take-all')?.label).toBe('fastest win');
  });

  it('shows the server refusal', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'busy', message: 'the server is busy' }), { status: 503 }));
    render(MateAnalysis, { gameId: 'g1', onmarks: () => {} });
    await fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    expect((await screen.findByRole('alert')).textContent).toBe('the server is busy');
  });
});
