import { standings, type SwissPlayer, type TournamentStanding } from '@progressive-chess/shared';
import type { TournamentGameRecord, TournamentPlayerRecord, TournamentRecord, TournamentRoundRecord } from './tournament-record.js';

/** Points of a Swiss or round robin game for `playerId` (1, ½, 0), or null when it is not theirs or not scored. */
export function roundPoints(g: TournamentGameRecord, playerId: string): number | null {
  if (g.result === null) return null;
  if (g.whiteId === playerId) return g.result === '1-0' ? 1 : g.result === '0-1' ? 0 : 0.5;
  if (g.blackId === playerId) return g.result === '0-1' ? 1 : g.result === '1-0' ? 0 : 0.5;
  return null;
}

/** The Swiss players before a round: scores (a bye 1), opponents, colours (oldest first), byes. */
export function swissPlayersOf(
  players: readonly TournamentPlayerRecord[],
  games: readonly TournamentGameRecord[],
  rounds: readonly TournamentRoundRecord[],
): SwissPlayer[] {
  return players.map((p) => {
    const mine = games.filter((g) => g.whiteId === p.playerId || g.blackId === p.playerId);
    const byes = rounds.filter((r) => r.bye === p.playerId).length;
    return {
      id: p.playerId,
      score: byes + mine.reduce((s, g) => s + (roundPoints(g, p.playerId) ?? 0), 0),
      rating: p.rating,
      opponents: mine.map((g) => (g.whiteId === p.playerId ? g.blackId : g.whiteId)),
      colours: mine.filter((g) => g.result !== null || g.endedAt === null).map((g) => (g.whiteId === p.playerId ? 'white' : 'black')),
      hadBye: byes > 0,
    };
  });
}

/** The ranked standings of a tournament (shared `standings`): games in the order they ended, byes per player. */
export function standingsOf(
  t: Pick<TournamentRecord, 'kind'>,
  players: readonly TournamentPlayerRecord[],
  games: readonly TournamentGameRecord[],
  rounds: readonly TournamentRoundRecord[],
): TournamentStanding[] {
  const ended = games.filter((g) => g.result !== null).sort((a, b) => (a.endedAt ?? 0) - (b.endedAt ?? 0));
  return standings(
    t.kind,
    players.map((p) => ({
      id: p.playerId,
      name: p.name,
      bot: p.bot,
      rating: p.rating,
      paused: p.paused,
      withdrawn: p.withdrawn,
      byes: rounds.filter((r) => r.bye === p.playerId).map((r) => r.round),
    })),
    ended.map((g) => ({ white: g.whiteId, black: g.blackId, result: g.result, round: g.round, berserk: g.berserk, turns: g.turns })),
  );
}
