/**
 * The Tournaments page's lists (upcoming, running, finished) from `GET /api/tournaments`, loaded
 * again when an upcoming one's start or a running arena's end comes (its list changes then).
 */
import { TOURNAMENT_API, type TournamentLists, type TournamentSummary } from '@progressive-chess/shared';
import type { ApiResult } from '../api.js';
import { sentence } from '../explain.js';
import { refusalText } from '../refusals.js';

export type ApiFn = <T>(path: string, body?: unknown) => Promise<ApiResult<T>>;

/** The next moment one of the lists changes by itself (a start, an arena's end); null: none known. */
export function nextChange(lists: TournamentLists, now: number): number | null {
  const moments = [
    ...lists.upcoming.map((t) => t.startsAt),
    ...lists.running.flatMap((t) => (t.endsAt === null ? [] : [t.endsAt])),
  ].filter((t) => t > now);
  return moments.length === 0 ? null : Math.min(...moments);
}

/** The event the lobby banner shows: the next to start (an operator's scheduled one first), else one running. */
export function featured(lists: TournamentLists): { readonly tournament: TournamentSummary; readonly running: boolean } | null {
  const soonest = (list: readonly TournamentSummary[]) => [...list].sort((a, b) => a.startsAt - b.startsAt)[0];
  const scheduled = soonest(lists.upcoming.filter((t) => t.createdBy === 'operator'));
  const upcoming = scheduled ?? soonest(lists.upcoming);
  if (upcoming) return { tournament: upcoming, running: false };
  const running = [...lists.running].sort((a, b) => b.players - a.players)[0];
  return running ? { tournament: running, running: true } : null;
}

export class TournamentListModel {
  lists = $state.raw<TournamentLists | null>(null);
  error = $state<string | null>(null);
  readonly #api: ApiFn;

  constructor(api: ApiFn) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const res = await this.#api<TournamentLists>(TOURNAMENT_API.list);
    if (res.ok) {
      this.lists = res.data;
      this.error = null;
    } else this.error = sentence(refusalText(res.code, res.message));
  }
}
