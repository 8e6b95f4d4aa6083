import { DEFAULT_VARIANT, VARIANTS, type GameAnalysis, type GameAnalysisAnswer, type TurnAnalysis, type VariantId } from '@progressive-chess/shared';
import { api, type ApiResult } from './api.js';

/** What the move list shows at the end of a turn's row. */
export interface TurnMark {
  readonly kind: 'missed' | 'fastest' | 'slower' | 'won';
  /** Short text for the badge. */
  readonly label: string;
  /** The sentence for the summary and the tooltip. */
  readonly detail: string;
}

const side = (t: TurnAnalysis): string => (t.color === 'white' ? 'White' : 'Black');
const line = (t: TurnAnalysis): string => t.best?.san.join(' ') ?? '';

/** What a win is called: a mate, or in Take-All (no mate there) a win by capturing everything. */
export const winWord = (variant: VariantId): 'mate' | 'win' => (VARIANTS[variant].goal === 'capture-all' ? 'win' : 'mate');

/** The mark of one series, or null when there is nothing to say (no win available, none played). */
export function markOf(t: TurnAnalysis, variant: VariantId = DEFAULT_VARIANT): TurnMark | null {
  const w = winWord(variant);
  if (t.missed) return { kind: 'missed', label: `missed ${w}`, detail: `${side(t)} missed a win: ${line(t)}` };
  if (!t.won) return null;
  if (t.fastest === true) return { kind: 'fastest', label: `fastest ${w}`, detail: `${side(t)} won with the fastest series` };
  if (t.fastest === false) return { kind: 'slower', label: `slower ${w}`, detail: `${side(t)} won, but faster was ${line(t)}` };
  return { kind: 'won', label: w, detail: `${side(t)} won (the search could not tell whether faster was possible)` };
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
