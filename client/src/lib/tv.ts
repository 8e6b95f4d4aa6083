import type { TvChannel, VariantId } from '@progressive-chess/shared';
import { api } from './api.js';

/** How often TV asks for the channel's game (the server keeps its choice 2 s). */
export const TV_POLL_MS = 5_000;
/** The pause between a game's end and the next one on TV. */
export const TV_PAUSE_MS = 5_000;

/** The channel's game now (null: none, or the server could not be reached); `watching`: the game shown, to learn whether it is over. */
export const tvChannel = async (variant: VariantId | null, watching: string | null = null): Promise<TvChannel> => {
  const q = new URLSearchParams();
  if (variant !== null) q.set('variant', variant);
  if (watching !== null) q.set('watching', watching);
  const res = await api<TvChannel>(`/api/tv?${q.toString()}`);
  return res.ok ? res.data : { game: null, state: null };
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
