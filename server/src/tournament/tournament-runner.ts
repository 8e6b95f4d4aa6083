import { ARENA_WAVE_MS, colorOfTurn, roundRobinRounds, pairSwiss, TOURNAMENT_SOON_MS } from '@progressive-chess/shared';
import type { NewNotification } from '../notify/notifications-repo.js';
import type { GameCommands } from '../services/game-commands.js';
import { parseDoc } from '../services/game-doc.js';
import type { Store } from '../store/store.js';
import { newGameId } from '../ids.js';
import { arenaWave, RECONCILE_EVERY_WAVES, type ArenaWaveDeps } from './arena-wave.js';
import { reconcileEnds } from './reconcile.js';
import { swissPlayersOf } from './standings-input.js';
import { startPairings } from './tournament-games.js';
import { RoundTakenError } from './tournament-repo.js';
import type { TournamentRecord } from './tournament-record.js';

const DAY = 86_400_000;
/** A correspondence Swiss or round robin is looked at this often (its rounds last days), not every tick. */
export const CORRESPONDENCE_CHECK_MS = 30_000;

export interface RunnerDeps extends ArenaWaveDeps {
  readonly store: Store;
  readonly commands: GameCommands;
  /** How long a wave's or a round start's lease lasts (a node that dies holding it delays the next by this much). */
  readonly leaseMs: number;
  /** An arena's pairing wave period (ARENA_WAVE_MS). */
  readonly waveMs?: number;
  /** A notification to an account (`tournament-soon`); none without. */
  readonly notify?: (n: NewNotification) => void;
}

/** The store's lease step of an upcoming tournament's `tournament-soon` (waves and rounds count from 1). */
const SOON_STEP = 0;

/**
 * What every node does each tick for the tournaments due (their record in the database): start the
 * upcoming ones whose time came (once: a conditional update), run a running arena's pairing wave
 * (once per wave across nodes: the store's lease on wave N), start a Swiss or round robin's next
 * round when every game of the last one ended (once: the round's lease, and the database's
 * round number), adjudicate a correspondence round's games at its deadline, and finish them.
 * Nothing is kept in memory between ticks: a restarted node carries on from the record.
 */
export class TournamentRunner {
  private ticks = 0;
  /** When this node last looked at each correspondence tournament. */
  private readonly lookedAt = new Map<string, number>();

  constructor(private readonly deps: RunnerDeps) {}

  /** One pass over the due tournaments; a tournament's failure is logged and stops no other. */
  async tick(): Promise<void> {
    const now = this.deps.now();
    this.ticks++;
    if (this.deps.notify) {
      for (const t of await this.deps.repo.startingBy(now, now + TOURNAMENT_SOON_MS)) {
        await this.soon(t.id, now).catch((e: unknown) => this.deps.logger.error({ err: e, tournamentId: t.id }, 'tournament soon'));
      }
    }
    for (const t of await this.deps.repo.due(now)) {
      await this.step(t, now).catch((e: unknown) => this.deps.logger.error({ err: e, tournamentId: t.id }, 'tournament step'));
    }
  }

  /** `tournament-soon` to each joined account, once across nodes (the step before the first wave or round). */
  private async soon(tournamentId: string, now: number): Promise<void> {
    const { store, repo, notify } = this.deps;
    if (!notify || !(await store.claimTournamentStep(tournamentId, SOON_STEP, now, this.deps.leaseMs))) return;
    try {
      for (const p of await repo.players(tournamentId)) {
        if (!p.guest && !p.withdrawn) notify({ playerId: p.playerId, kind: 'tournament-soon', subject: tournamentId, data: {} });
      }
    } finally {
      await store.completeTournamentStep(tournamentId, SOON_STEP);
    }
  }

  private async step(found: TournamentRecord, now: number): Promise<void> {
    let t = found;
    if (t.status === 'upcoming') {
      await this.deps.repo.setStatus(t.id, 'upcoming', 'running', now);
      t = { ...t, status: 'running' };
    }
    if (t.kind === 'arena') await this.arena(t, now);
    else await this.rounds(t, now);
  }

  /** The wave of `now` under its lease; after the end, the games in play finish and count, then it is finished. */
  private async arena(t: TournamentRecord, now: number): Promise<void> {
    const wave = Math.floor((now - t.startsAt) / (this.deps.waveMs ?? ARENA_WAVE_MS)) + 1;
    if (!(await this.deps.store.claimTournamentStep(t.id, wave, now, this.deps.leaseMs))) return;
    try {
      await arenaWave(this.deps, t, wave, now);
      if (t.endsAt !== null && now >= t.endsAt) {
        await reconcileEnds(this.deps, t);
        const open = (await this.deps.repo.games(t.id)).some((g) => g.endedAt === null);
        if (!open) await this.deps.repo.setStatus(t.id, 'running', 'finished', now);
      }
    } finally {
      await this.deps.store.completeTournamentStep(t.id, wave);
    }
  }

  private async rounds(t: TournamentRecord, now: number): Promise<void> {
    if (t.timeControl.kind === 'correspondence') {
      if (now - (this.lookedAt.get(t.id) ?? -Infinity) < CORRESPONDENCE_CHECK_MS) return;
      this.lookedAt.set(t.id, now);
    }
    const { repo, store, leaseMs } = this.deps;
    const games = await repo.games(t.id);
    const open = games.filter((g) => g.round === t.currentRound && g.endedAt === null);
    if (t.currentRound > 0 && open.length > 0) {
      if (open.some((g) => !g.created)) {
        // the node that started the round died before creating every game: the round's lease lapsed, its step is claimable again
        if (!(await store.claimTournamentStep(t.id, t.currentRound, now, leaseMs))) return;
        try {
          await startPairings(this.deps, t, [], await repo.players(t.id));
        } finally {
          await store.completeTournamentStep(t.id, t.currentRound);
        }
        return;
      }
      const round = (await repo.rounds(t.id)).find((r) => r.round === t.currentRound);
      if (round?.deadline != null && now >= round.deadline) await this.adjudicate(open.map((g) => g.gameId));
      else if (this.ticks % RECONCILE_EVERY_WAVES === 0) await reconcileEnds(this.deps, t);
      return;
    }
    const total = t.kind === 'swiss' ? (t.settings.rounds ?? 0) : 1;
    const players = (await repo.players(t.id)).filter((p) => !p.withdrawn);
    if (t.currentRound >= total || (t.currentRound === 0 && players.length < 2)) {
      await repo.setStatus(t.id, 'running', 'finished', now);
      return;
    }
    const next = t.currentRound + 1;
    if (!(await store.claimTournamentStep(t.id, next, now, leaseMs))) return;
    try {
      const made =
        t.kind === 'swiss'
          ? pairSwiss(swissPlayersOf(players, games, await repo.rounds(t.id)), next)
          : { pairs: roundRobinRounds(players.map((p) => p.playerId), t.settings.double === true).flatMap((r) => r.pairs), bye: null };
      const fresh = made.pairs.map((p) => ({ gameId: newGameId(), whiteId: p.white, blackId: p.black }));
      const days = t.timeControl.kind === 'correspondence' ? (t.settings.roundDays ?? null) : null;
      const recorded = await repo.recordPairings(t.id, next, 0, fresh, now, made.bye, days === null ? null : now + days * DAY);
      await startPairings(this.deps, t, recorded, players);
    } catch (e) {
      if (!(e instanceof RoundTakenError)) throw e;
    } finally {
      await store.completeTournamentStep(t.id, next);
    }
  }

  /**
   * A correspondence round's deadline: a game still in play is lost by the side to move (as if its
   * time ran out then), resigned in its name; its end reaches the tournament as any other.
   */
  private async adjudicate(gameIds: readonly string[]): Promise<void> {
    for (const id of gameIds) {
      try {
        const doc = parseDoc((await this.deps.games.load(id)).doc);
        if (doc.status !== 'playing') continue;
        await this.deps.commands.run('game:resign', doc.players[colorOfTurn(doc.turn)].id, { gameId: id });
      } catch (e) {
        this.deps.logger.warn({ err: e, gameId: id }, 'round deadline');
      }
    }
  }
}
