import { ARENA_VIEW_PAIRINGS, type TournamentMe, type TournamentPairing, type TournamentSummary, type TournamentView } from '@progressive-chess/shared';
import { standingsOf } from './standings-input.js';
import type { TournamentGameRecord, TournamentPlayerRecord, TournamentRecord, TournamentRoundRecord } from './tournament-record.js';

export function summaryOf(t: TournamentRecord, players: number): TournamentSummary {
  const s = t.settings;
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    variant: t.variant,
    timeControl: t.timeControl,
    startsAt: t.startsAt,
    endsAt: t.endsAt,
    status: t.status,
    players,
    maxPlayers: t.maxPlayers,
    rated: t.rated,
    allowBots: t.allowBots,
    createdBy: t.createdBy === null ? 'operator' : t.creatorName,
    ...(s.minutes === undefined ? {} : { minutes: s.minutes }),
    ...(s.rounds === undefined ? {} : { rounds: s.rounds }),
    ...(s.double === undefined ? {} : { double: s.double }),
    ...(s.roundDays === undefined ? {} : { roundDays: s.roundDays }),
    ...(t.kind !== 'arena' && t.currentRound > 0 ? { currentRound: t.currentRound } : {}),
  };
}

function pairingOf(g: TournamentGameRecord, names: ReadonlyMap<string, string>): TournamentPairing {
  return {
    gameId: g.gameId,
    round: g.round,
    white: { id: g.whiteId, name: names.get(g.whiteId) ?? '?' },
    black: { id: g.blackId, name: names.get(g.blackId) ?? '?' },
    result: g.result,
    berserk: g.berserk,
  };
}

/** The caller's game in play: an arena's current one, a Swiss or round robin's first unfinished one. */
function gameOf(playerId: string, p: TournamentPlayerRecord, games: readonly TournamentGameRecord[]): string | null {
  if (p.currentGame !== null) return p.currentGame;
  const open = games.find((g) => g.endedAt === null && (g.whiteId === playerId || g.blackId === playerId));
  return open?.gameId ?? null;
}

/** Everything a tournament's page shows (`TournamentView`) but the caller's own `me` (`meOf`). */
export function viewOf(
  t: TournamentRecord,
  players: readonly TournamentPlayerRecord[],
  games: readonly TournamentGameRecord[],
  rounds: readonly TournamentRoundRecord[],
): TournamentView {
  const names = new Map(players.map((p) => [p.playerId, p.name]));
  // aborted games (ended without a result) are not shown
  const shown = games.filter((g) => g.result !== null || g.endedAt === null);
  const standings = standingsOf(t, players, games, rounds);
  const pairings =
    t.kind === 'arena'
      ? shown.slice(-ARENA_VIEW_PAIRINGS).reverse().map((g) => pairingOf(g, names))
      : shown.map((g) => pairingOf(g, names));
  return {
    summary: summaryOf(t, players.filter((p) => !p.withdrawn).length),
    standings,
    pairings,
    ...(t.kind === 'arena'
      ? {}
      : {
          rounds: rounds.map((r) => ({
            round: r.round,
            pairings: pairings.filter((p) => p.round === r.round),
            bye: r.bye === null ? null : { id: r.bye, name: names.get(r.bye) ?? r.bye },
            startedAt: r.startedAt,
            deadline: r.deadline,
          })),
        }),
    podium: t.status === 'finished' ? standings.slice(0, 3) : [],
    version: t.version,
  };
}

/** The caller's place (`TournamentView.me`). */
export function meOf(callerId: string, players: readonly TournamentPlayerRecord[], games: readonly TournamentGameRecord[]): TournamentMe {
  const me = players.find((p) => p.playerId === callerId);
  return me
    ? { joined: !me.withdrawn, paused: me.paused, withdrawn: me.withdrawn, gameId: gameOf(callerId, me, games) }
    : { joined: false, paused: false, withdrawn: false, gameId: null };
}
