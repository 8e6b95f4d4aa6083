import {
  FINISHED_TOURNAMENTS_LISTED,
  TOURNAMENT_LIMITS,
  tournamentStartProblem,
  type TournamentCreate,
  type TournamentLists,
  type TournamentSummary,
  standingsPage,
  standingsPages,
  type TournamentStandingsPage,
  type TournamentView,
  pagedView,
  type TournamentPaged,
} from '@progressive-chess/shared';
import { newId } from '../ids.js';
import { fail } from '../services/errors.js';
import type { TournamentPlayers } from './tournament-games.js';
import type { TournamentRepo } from './tournament-repo.js';
import type { TournamentRecord } from './tournament-record.js';
import { meOf, summaryOf, viewOf } from './tournament-view.js';
import { ViewCache } from './view-cache.js';

/** Who asks: an account (`guest` false) or a guest; `bot`: a bot account. */
export interface TournamentCaller {
  readonly playerId: string;
  readonly name: string;
  readonly guest: boolean;
}

/** The rating a guest (or an account never rated in the variant) is paired and listed with. */
export const UNRATED = 1500;

export interface TournamentServiceDeps {
  readonly repo: TournamentRepo;
  readonly players: TournamentPlayers;
  readonly now: () => number;
}

/** A live tournament's span (a Swiss or round robin's end is not known: open-ended). */
const spanOf = (t: TournamentRecord): [number, number] => [t.startsAt, t.endsAt ?? Number.POSITIVE_INFINITY];
const live = (t: TournamentRecord): boolean => t.timeControl.kind !== 'correspondence';

/** Tournaments' creation, joining, withdrawing, pausing and views (the waves and rounds: tournament-runner.ts). */
export class TournamentService {
  private readonly views = new ViewCache();

  constructor(private readonly deps: TournamentServiceDeps) {}

  private async get(id: string): Promise<TournamentRecord> {
    return (await this.deps.repo.get(id)) ?? fail('tournament-not-found', `no tournament ${id}`);
  }

  /** By a registered account (the HTTP layer refuses guests); the operator's schedule creates its own (schedule-runner.ts). */
  async create(creator: { playerId: string; name: string }, input: TournamentCreate): Promise<TournamentSummary> {
    const now = this.deps.now();
    const problem = tournamentStartProblem(input.startsAt, now);
    if (problem !== null) fail('bad-request', problem);
    if ((await this.deps.repo.countOpenBy(creator.playerId)) >= TOURNAMENT_LIMITS.openPerCreator) {
      fail('tournament-cap', `at most ${TOURNAMENT_LIMITS.openPerCreator} upcoming or running tournaments per account`);
    }
    const t = recordOf(input, { id: newId(), createdBy: creator.playerId, creatorName: creator.name, scheduleKey: null, now });
    await this.deps.repo.create(t);
    return summaryOf(t, 0);
  }

  async join(caller: TournamentCaller, id: string): Promise<TournamentView> {
    const t = await this.get(id);
    if (t.status === 'finished') fail('tournament-finished', 'the tournament is over');
    const known = await this.deps.repo.player(id, caller.playerId);
    if (known && !known.withdrawn && !known.paused) fail('tournament-joined', 'you are in this tournament already');
    if (t.kind !== 'arena' && t.status === 'running') fail('tournament-started', 'this tournament has started: joining is closed');
    if (caller.guest && (t.rated || t.kind !== 'arena')) fail('tournament-guest', 'guests may only play unrated arenas: sign in to an account');
    const bot = !caller.guest && (await this.deps.players.isBot(caller.playerId));
    if (bot && !t.allowBots) fail('tournament-bots', 'this tournament does not allow bots');
    if (live(t) && !known) {
      const [from, to] = spanOf(t);
      const clash = (await this.deps.repo.liveOf(caller.playerId)).find((o) => o.id !== t.id && live(o) && spanOf(o)[0] < to && from < spanOf(o)[1]);
      if (clash) fail('tournament-overlap', `you are in "${clash.name}" at the same time`);
    }
    const rating = caller.guest ? UNRATED : ((await this.deps.players.ratingOf(caller.playerId, t.variant)) ?? UNRATED);
    const r = await this.deps.repo.join(id, { playerId: caller.playerId, name: caller.name, bot, guest: caller.guest, rating }, t.maxPlayers, this.deps.now());
    if (r === 'full') fail('tournament-full', 'the tournament is full');
    if (r === 'in') fail('tournament-joined', 'you are in this tournament already');
    return this.view(id, caller.playerId);
  }

  async withdraw(playerId: string, id: string): Promise<TournamentView> {
    const t = await this.get(id);
    if (t.status === 'finished') fail('tournament-finished', 'the tournament is over');
    const p = await this.deps.repo.player(id, playerId);
    if (!p || p.withdrawn) fail('tournament-not-joined', 'you are not in this tournament');
    await this.deps.repo.setFlags(id, playerId, { withdrawn: true, paused: false });
    return this.view(id, playerId);
  }

  /** An arena only; not in the middle of one's game (`tournament-in-game`). Joining again comes back. */
  async pause(playerId: string, id: string): Promise<TournamentView> {
    const t = await this.get(id);
    if (t.kind !== 'arena') fail('bad-request', 'only an arena can be paused: withdraw instead');
    if (t.status === 'finished') fail('tournament-finished', 'the tournament is over');
    const p = await this.deps.repo.player(id, playerId);
    if (!p || p.withdrawn) fail('tournament-not-joined', 'you are not in this tournament');
    if (p.currentGame !== null) fail('tournament-in-game', 'finish your game first: you are paused only between games');
    await this.deps.repo.setFlags(id, playerId, { paused: true });
    return this.view(id, playerId);
  }

  /** The whole view (every row of the standings); `callerId` adds `me`. Made once a version (view-cache.ts). */
  async view(id: string, callerId?: string): Promise<TournamentView> {
    const t = await this.get(id);
    const { view, players, games } = await this.views.view(id, t.version, async () => {
      const [players, games, rounds] = await Promise.all([this.deps.repo.players(id), this.deps.repo.games(id), t.kind === 'arena' ? [] : this.deps.repo.rounds(id)]);
      return { view: viewOf(t, players, games, rounds), players, games };
    });
    return callerId === undefined ? view : { ...view, me: meOf(callerId, players, games) };
  }

  /** The view with the first page of its standings and the caller's own row (`TournamentPaged`). */
  async paged(id: string, callerId?: string): Promise<TournamentPaged> {
    return pagedView(await this.view(id, callerId), callerId);
  }

  /** Page `page` (1-based; past the last: the last) of the standings. */
  async standings(id: string, page: number): Promise<TournamentStandingsPage> {
    const view = await this.view(id);
    const total = view.standings.length;
    const pages = standingsPages(total);
    const shown = Math.min(Math.max(1, page), pages);
    return { id, version: view.version, page: shown, pages, total, standings: standingsPage(view.standings, shown) };
  }

  /** The upcoming and running tournaments the player joined and did not withdraw from, soonest first (the daily digest's). */
  async joined(playerId: string): Promise<TournamentRecord[]> {
    return (await this.deps.repo.liveOf(playerId)).sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
  }

  async list(): Promise<TournamentLists> {
    const { repo } = this.deps;
    const [upcoming, running, finished] = await Promise.all([repo.list('upcoming', 100), repo.list('running', 100), repo.list('finished', FINISHED_TOURNAMENTS_LISTED)]);
    const counts = await repo.playerCounts([...upcoming, ...running, ...finished].map((t) => t.id));
    const summaries = (ts: TournamentRecord[]): TournamentSummary[] => ts.map((t) => summaryOf(t, counts.get(t.id) ?? 0));
    return { upcoming: summaries(upcoming), running: summaries(running), finished: summaries(finished) };
  }
}

/** A new tournament's record from its creation payload (checked by `tournamentCreateSchema`). */
export function recordOf(
  input: TournamentCreate,
  o: { id: string; createdBy: string | null; creatorName: string; scheduleKey: string | null; now: number },
): TournamentRecord {
  const settings = {
    ...(input.minutes === undefined ? {} : { minutes: input.minutes }),
    ...(input.rounds === undefined ? {} : { rounds: input.rounds }),
    ...(input.double === undefined ? {} : { double: input.double }),
    ...(input.roundDays === undefined ? {} : { roundDays: input.roundDays }),
  };
  return {
    id: o.id,
    name: input.name,
    kind: input.kind,
    variant: input.variant,
    timeControl: input.timeControl,
    settings,
    rated: input.rated,
    allowBots: input.allowBots,
    maxPlayers: input.maxPlayers ?? TOURNAMENT_LIMITS.maxPlayers[input.kind],
    startsAt: input.startsAt,
    endsAt: input.kind === 'arena' && input.minutes !== undefined ? input.startsAt + input.minutes * 60_000 : null,
    status: 'upcoming',
    currentRound: 0,
    version: 1,
    createdBy: o.createdBy,
    creatorName: o.creatorName,
    scheduleKey: o.scheduleKey,
    createdAt: o.now,
    finishedAt: null,
  };
}
