import { DEFAULT_VARIANT, VARIANTS, type GameAnalysis, type GameAnalysisAnswer, type TurnAnalysis, type VariantId } from '@progressive-chess/shared';
import { api, type ApiResult } from './api.js';
import { m } from './i18n.svelte.js';

/** What the move list shows at the end of a turn's row. */
export interface TurnMark {
  readonly kind: 'missed' | 'fastest' | 'slower' | 'won';
  /** Short text for the badge. */
  readonly label: string;
  /** The sentence for the summary and the tooltip. */
  readonly detail: string;
}

const line = (t: TurnAnalysis): string => t.best?.san.join(' ') ?? '';

/** What a win is called: a mate, or in Take-All (no mate there) a win by capturing everything. */
export const winWord = (variant: VariantId): 'mate' | 'win' => (VARIANTS[variant].goal === 'capture-all' ? 'win' : 'mate');

/** The mark of one series, or null when there is nothing to say (no win available, none played). */
export function markOf(t: TurnAnalysis, variant: VariantId = DEFAULT_VARIANT): TurnMark | null {
  const w = winWord(variant);
  if (t.missed) return { kind: 'missed', label: m.mark_missed({ word: w }), detail: m.detail_missed({ side: t.color, line: line(t) }) };
  if (!t.won) return null;
  if (t.fastest === true) return { kind: 'fastest', label: m.mark_fastest({ word: w }), detail: m.detail_fastest({ side: t.color }) };
  if (t.fastest === false) return { kind: 'slower', label: m.mark_slower({ word: w }), detail: m.detail_slower({ side: t.color, line: line(t) }) };
  return { kind: 'won', label: m.mark_won({ word: w }), detail: m.detail_won({ side: t.color }) };
}

/** The marks of a game, by turn number. */
export function marksOf(analysis: GameAnalysis): Map<number, TurnMark> {
  const marks = new Map<number, TurnMark>();
  for (const t of analysis.turns) {
    const m = markOf(t, analysis.variant);
    if (m) marks.set(t.turn, m);
  }
  return marks;
}

export const fetchAnalysis = (gameId: string): Promise<ApiResult<GameAnalysisAnswer>> =>
  api<GameAnalysisAnswer>(`/api/games/${encodeURIComponent(gameId)}/analysis`);
