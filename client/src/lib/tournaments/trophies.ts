/**
 * A player's podiums (the profile's trophies), from the finished tournaments the server lists
 * (`GET /api/tournaments`: the latest FINISHED_TOURNAMENTS_LISTED) and their views. The server has
 * no list of one player's tournaments yet: older podiums than those listed are not found.
 */
import { TOURNAMENT_API, tournamentApiPath, type TournamentLists, type TournamentSummary, type TournamentView } from '@progressive-chess/shared';
import type { ApiFn } from './tournament-list.svelte.js';

export interface Trophy {
  readonly tournament: TournamentSummary;
  /** 1, 2 or 3 (ties share a place). */
  readonly rank: number;
  readonly score: number;
}

/** The podium places of the player called `name` (as their profile spells it, any case) in `views`, latest first. */
export function podiumPlaces(views: readonly TournamentView[], name: string): Trophy[] {
  const lower = name.toLowerCase();
  return views
    .flatMap((v) => {
      const s = v.podium.find((p) => p.name.toLowerCase() === lower);
      return s ? [{ tournament: v.summary, rank: s.rank, score: s.score }] : [];
    })
    .sort((a, b) => (b.tournament.endsAt ?? b.tournament.startsAt) - (a.tournament.endsAt ?? a.tournament.startsAt));
}

/** Loads the finished tournaments' views and finds the player's podiums; null when the list could not be read. */
export async function loadTrophies(api: ApiFn, name: string): Promise<Trophy[] | null> {
  // a server without tournaments (an older version, in a rolling deploy) may answer without the list
  const lists = await api<Partial<TournamentLists>>(TOURNAMENT_API.list);
  if (!lists.ok) return null;
  const views = await Promise.all((lists.data.finished ?? []).map((t) => api<{ view: TournamentView }>(tournamentApiPath(t.id))));
  return podiumPlaces(
    views.flatMap((r) => (r.ok ? [r.data.view] : [])),
    name,
  );
}
