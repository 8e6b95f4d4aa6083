/**
 * Puzzles mined from played games (server: /api/puzzles/*): which one to load for a page, the
 * opponent's last series that led to it (replayed before the puzzle), and its result.
 */
import { newGame, parseUci, play, type GameState, type MinedPuzzle, type Move, type PuzzleAnswer, type PuzzleResultAnswer, type VariantId } from '@progressive-chess/shared';
import { api, type ApiResult } from '../api.js';
import { saveSeenMinedPuzzles, savedSeenMinedPuzzles } from '../storage.js';

/** Puzzles a browser remembers having seen (the server takes at most 100 in `exclude`). */
const SEEN_KEPT = 100;

/** The page's puzzle: `daily`, an id, or (null) the next one for this player. */
export function loadMinedPuzzle(id: string | null, variant: VariantId | null): Promise<ApiResult<PuzzleAnswer>> {
  if (id === 'daily') return api<PuzzleAnswer>('/api/puzzles/daily');
  if (id !== null) return api<PuzzleAnswer>(`/api/puzzles/${encodeURIComponent(id)}`);
  const q = new URLSearchParams();
  if (variant) q.set('variant', variant);
  const seen = savedSeenMinedPuzzles();
  if (seen.length > 0) q.set('exclude', seen.join(','));
  return api<PuzzleAnswer>(`/api/puzzles/next?${q.toString()}`);
}

/** Remembers a puzzle as seen (a guest's next puzzle is another one). */
export function markSeen(id: string): void {
  const seen = savedSeenMinedPuzzles().filter((s) => s !== id);
  saveSeenMinedPuzzles([...seen, id].slice(-SEEN_KEPT));
}

export function sendResult(id: string, solved: boolean, assisted: boolean): Promise<ApiResult<PuzzleResultAnswer>> {
  return api<PuzzleResultAnswer>(`/api/puzzles/${encodeURIComponent(id)}/result`, { solved, assisted });
}

/** The opponent's series before the puzzle: each state from its start to the puzzle's position, and its moves. */
export interface ContextLine {
  readonly states: readonly GameState[];
  readonly moves: readonly Move[];
}

export function contextLine(p: MinedPuzzle): ContextLine | null {
  if (p.context === null) return null;
  const start = newGame(p.variant, { fen: p.context.fen, turn: p.context.turn });
  if (!start.ok) return null;
  const states: GameState[] = [start.value];
  const moves: Move[] = [];
  for (const u of p.context.moves) {
    const m = parseUci(u);
    const r = m ? play(states[states.length - 1]!, m) : null;
    if (!m || !r?.ok) return null;
    states.push(r.value.state);
    moves.push(m);
  }
  return { states, moves };
}
