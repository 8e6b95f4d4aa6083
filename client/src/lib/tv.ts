import type { GameSnapshot, TvChannel, VariantId } from '@progressive-chess/shared';
import { api } from './api.js';

/** How often TV asks for the channel's game (the server keeps its choice 2 s). */
export const TV_POLL_MS = 5_000;
/** The pause between a game's end and the next one on TV. */
export const TV_PAUSE_MS = 5_000;

export const tvChannel = async (variant: VariantId | null): Promise<TvChannel['game']> => {
  const res = await api<TvChannel>(variant === null ? '/api/tv' : `/api/tv?variant=${variant}`);
  return res.ok ? res.data.game : null;
};

export const snapshotOf = async (gameId: string): Promise<GameSnapshot | null> => {
  const res = await api<GameSnapshot>(`/api/games/${gameId}`);
  return res.ok ? res.data : null;
};

/**
 * The game TV shows next, given the one shown (`current`) and the channel's choice now: the shown
 * game stays until it is over (`over`), then the channel's choice, after `TV_PAUSE_MS` (the caller waits).
 */
export function nextOnTv(current: string | null, choice: string | null, over: boolean): { show: string | null; pause: boolean } {
  if (current === null) return { show: choice, pause: false };
  if (choice === null || choice === current || !over) return { show: current, pause: false };
  return { show: choice, pause: true };
}
