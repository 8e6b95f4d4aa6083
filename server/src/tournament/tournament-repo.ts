import type { Database, Queryable } from '../db/database.js';
import type {
  TournamentGameRecord,
  TournamentPlayerRecord,
  TournamentRecord,
  TournamentResult,
  TournamentRoundRecord,
  TournamentStatusId,
} from './tournament-record.js';
import {
  GAME_COLUMNS,
  gameOf,
  PLAYER_COLUMNS,
  playerOf,
  TOURNAMENT_COLUMNS,
  tournamentOf,
  type GameRow,
  type PlayerRow,
  type TournamentRow,
} from './tournament-rows.js';

/** A pairing to record: its game's id is chosen before the game exists (its creation is idempotent by id). */
export interface NewPairing {
  readonly gameId: string;
  readonly whiteId: string;
  readonly blackId: string;
}

/** A game's end as the tournament records it. */
export interface GameEnd {
  readonly gameId: string;
  /** Null: aborted (counts for nobody). */
  readonly result: TournamentResult | null;
  readonly turns: number;
  readonly berserk: { readonly white: boolean; readonly black: boolean };
  readonly at: number;
}

/** The durable record of tournaments (migration 8, tournament-schema.ts). */
export class TournamentRepo {
  constructor(private readonly db: Database) {}

  /** Inserts it; false when its `scheduleKey` exists already (another node made that occurrence). */
  async create(t: TournamentRecord): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO tournaments (${TOURNAMENT_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19)
       ON CONFLICT (schedule_key) DO NOTHING`,
      [
        t.id, t.name, t.kind, t.variant, JSON.stringify(t.timeControl), JSON.stringify(t.settings), t.rated, t.allowBots, t.maxPlayers,
        t.startsAt, t.endsAt, t.status, t.currentRound, t.version, t.createdBy, t.creatorName, t.scheduleKey, t.createdAt, t.finishedAt,
      ],
    );
    return r.rowCount === 1;
  }

  async get(id: string, q: Queryable = this.db): Promise<TournamentRecord | null> {
    const r = await q.query<TournamentRow>(`SELECT ${TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1`, [id]);
    const row = r.rows[0];
    return row ? tournamentOf(row) : null;
  }

  /** The tournaments of one status: upcoming soonest first, the others latest first. */
  async list(status: TournamentStatusId, limit: number): Promise<TournamentRecord[]> {
    const order = status === 'upcoming' ? 'starts_at ASC' : 'starts_at DESC';
    const r = await this.db.query<TournamentRow>(`SELECT ${TOURNAMENT_COLUMNS} FROM tournaments WHERE status = $1 ORDER BY ${order}, id LIMIT $2`, [
      status,
      limit,
    ]);
    return r.rows.map(tournamentOf);
  }

  /** Upcoming tournaments starting after `now` and by `by` (told `tournament-soon`). */
  async startingBy(now: number, by: number): Promise<TournamentRecord[]> {
    const r = await this.db.query<TournamentRow>(
      `SELECT ${TOURNAMENT_COLUMNS} FROM tournaments WHERE status = 'upcoming' AND starts_at > $1 AND starts_at <= $2 ORDER BY starts_at, id`,
      [now, by],
    );
    return r.rows.map(tournamentOf);
  }

  /** Running tournaments, and upcoming ones due to start by `now` (the scheduler's work). */
  async due(now: number): Promise<TournamentRecord[]> {
    const r = await this.db.query<TournamentRow>(
      `SELECT ${TOURNAMENT_COLUMNS} FROM tournaments WHERE status = 'running' OR (status = 'upcoming' AND starts_at <= $1) ORDER BY starts_at, id`,
      [now],
    );
    return r.rows.map(tournamentOf);
  }

  /** The versions of these tournaments (what the update batcher polls). */
  async versions(ids: readonly string[]): Promise<Map<string, number>> {
    const r = await this.db.query<{ id: string; version: number }>('SELECT id, version FROM tournaments WHERE id = ANY($1)', [ids]);
    return new Map(r.rows.map((x) => [x.id, x.version]));
  }

  /** Players in each (withdrawn ones excluded). */
  async playerCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const r = await this.db.query<{ id: string; n: number }>(
      'SELECT tournament_id AS id, count(*)::int AS n FROM tournament_players WHERE tournament_id = ANY($1) AND NOT withdrawn GROUP BY tournament_id',
      [ids],
    );
    return new Map(r.rows.map((x) => [x.id, x.n]));
  }

  async countOpenBy(playerId: string): Promise<number> {
    const r = await this.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tournaments WHERE created_by = $1 AND status <> 'finished'", [playerId]);
    return r.rows[0]?.n ?? 0;
  }

  /** Moves the status from `from` to `to` (one caller wins); sets the end time when finishing. */
  async setStatus(id: string, from: TournamentStatusId, to: TournamentStatusId, now: number): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE tournaments SET status = $3, version = version + 1,
         finished_at = CASE WHEN $3 = 'finished' THEN $4 ELSE finished_at END,
         ends_at = CASE WHEN $3 = 'finished' AND ends_at IS NULL THEN $4 ELSE ends_at END
       WHERE id = $1 AND status = $2`,
      [id, from, to, now],
    );
    return r.rowCount === 1;
  }

  async bump(id: string, q: Queryable = this.db): Promise<void> {
    await q.query('UPDATE tournaments SET version = version + 1 WHERE id = $1', [id]);
  }

  async players(id: string): Promise<TournamentPlayerRecord[]> {
    const r = await this.db.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM tournament_players WHERE tournament_id = $1 ORDER BY joined_at, player_id`, [id]);
    return r.rows.map(playerOf);
  }

  async player(id: string, playerId: string): Promise<TournamentPlayerRecord | null> {
    const r = await this.db.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM tournament_players WHERE tournament_id = $1 AND player_id = $2`, [id, playerId]);
    const row = r.rows[0];
    return row ? playerOf(row) : null;
  }

  /**
   * Adds the player, or brings back one who withdrew (unpaused); refuses when `maxPlayers` (not
   * withdrawn) are in. 'joined', 'back', 'in' (already in) or 'full'.
   */
  async join(id: string, p: Pick<TournamentPlayerRecord, 'playerId' | 'name' | 'bot' | 'guest' | 'rating'>, max: number, now: number) {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM tournaments WHERE id = $1 FOR UPDATE', [id]);
      const known = await tx.query<{ withdrawn: boolean; paused: boolean }>(
        'SELECT withdrawn, paused FROM tournament_players WHERE tournament_id = $1 AND player_id = $2',
        [id, p.playerId],
      );
      const row = known.rows[0];
      if (row && !row.withdrawn && !row.paused) return 'in' as const;
      if (row && !row.withdrawn) {
        await tx.query('UPDATE tournament_players SET paused = false, missed = 0 WHERE tournament_id = $1 AND player_id = $2', [id, p.playerId]);
        await this.bump(id, tx);
        return 'back' as const;
      }
      const n = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM tournament_players WHERE tournament_id = $1 AND NOT withdrawn', [id]);
      if ((n.rows[0]?.n ?? 0) >= max) return 'full' as const;
      if (row) {
        await tx.query('UPDATE tournament_players SET withdrawn = false, paused = false, missed = 0 WHERE tournament_id = $1 AND player_id = $2', [id, p.playerId]);
      } else {
        await tx.query(
          'INSERT INTO tournament_players (tournament_id, player_id, name, bot, guest, rating, joined_at) VALUES ($1,$2,$3,$4,$5,$6,$7)',
          [id, p.playerId, p.name, p.bot, p.guest, p.rating, now],
        );
      }
      await this.bump(id, tx);
      return row ? ('back' as const) : ('joined' as const);
    });
  }

  /** Sets the player's flags (and bumps the tournament's version); false when not in it. */
  async setFlags(id: string, playerId: string, flags: { paused?: boolean; withdrawn?: boolean; missed?: number }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const r = await tx.query(
        `UPDATE tournament_players SET paused = COALESCE($3, paused), withdrawn = COALESCE($4, withdrawn), missed = COALESCE($5, missed)
         WHERE tournament_id = $1 AND player_id = $2`,
        [id, playerId, flags.paused ?? null, flags.withdrawn ?? null, flags.missed ?? null],
      );
      if (r.rowCount === 1) await this.bump(id, tx);
      return r.rowCount === 1;
    });
  }

  /** Arena wave: the missed-pairing counts of players not connected (and pauses those at `pauseAt`); resets the others'. */
  async recordMissed(id: string, absent: readonly string[], present: readonly string[], pauseAt: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (present.length) {
        await tx.query('UPDATE tournament_players SET missed = 0 WHERE tournament_id = $1 AND player_id = ANY($2) AND missed > 0', [id, present]);
      }
      if (!absent.length) return;
      const paused = await tx.query(
        `UPDATE tournament_players SET missed = missed + 1, paused = (missed + 1 >= $3)
         WHERE tournament_id = $1 AND player_id = ANY($2) AND NOT paused AND NOT withdrawn AND missed + 1 >= $3`,
        [id, absent, pauseAt],
      );
      await tx.query(
        'UPDATE tournament_players SET missed = missed + 1 WHERE tournament_id = $1 AND player_id = ANY($2) AND NOT paused AND NOT withdrawn AND missed + 1 < $3',
        [id, absent, pauseAt],
      );
      if (paused.rowCount > 0) await this.bump(id, tx);
    });
  }

  /** The live tournaments (not finished) a player is in, not withdrawn. */
  async liveOf(playerId: string): Promise<TournamentRecord[]> {
    const r = await this.db.query<TournamentRow>(
      `SELECT ${TOURNAMENT_COLUMNS.split(', ').map((c) => `t.${c}`).join(', ')} FROM tournaments t
       JOIN tournament_players p ON p.tournament_id = t.id
       WHERE p.player_id = $1 AND NOT p.withdrawn AND t.status <> 'finished'`,
      [playerId],
    );
    return r.rows.map(tournamentOf);
  }

  async games(id: string): Promise<TournamentGameRecord[]> {
    const r = await this.db.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM tournament_games WHERE tournament_id = $1 ORDER BY paired_at, game_id`, [id]);
    return r.rows.map(gameOf);
  }

  async game(gameId: string): Promise<(TournamentGameRecord & { tournamentId: string }) | null> {
    const r = await this.db.query<GameRow & { tournament_id: string }>(`SELECT tournament_id, ${GAME_COLUMNS} FROM tournament_games WHERE game_id = $1`, [gameId]);
    const row = r.rows[0];
    return row ? { ...gameOf(row), tournamentId: row.tournament_id } : null;
  }

  /**
   * Records pairings in one transaction, in a few statements whatever their number. An arena's
   * (`round` 0): each pair only when both players are still free (their `current_game` null, their
   * rows locked by this transaction), which it then sets, so that nobody is paired twice whichever
   * node pairs. A round's (`round` > 0): all of them, with the round itself, only when the previous
   * round is the tournament's current one (else `RoundTakenError`, nothing written). Returns the
   * pairings recorded.
   */
  async recordPairings(
    id: string,
    round: number,
    wave: number,
    pairs: readonly NewPairing[],
    now: number,
    bye: string | null = null,
    deadline: number | null = null,
  ): Promise<NewPairing[]> {
    return this.db.transaction(async (tx) => {
      // a round's pairings are all its games at once (a round robin's player has several); the round's own step guards them
      const done = round > 0 ? [...pairs] : await this.takeFree(tx, id, pairs);
      if (done.length) {
        await tx.query(
          `INSERT INTO tournament_games (game_id, tournament_id, round, wave, white_id, black_id, paired_at)
           SELECT g, $1, $2, $3, w, b, $4 FROM unnest($5::text[], $6::text[], $7::text[]) AS p(g, w, b)`,
          [id, round, wave, now, done.map((p) => p.gameId), done.map((p) => p.whiteId), done.map((p) => p.blackId)],
        );
      }
      if (round > 0) {
        const r = await tx.query('UPDATE tournaments SET current_round = $2 WHERE id = $1 AND current_round = $2 - 1', [id, round]);
        if (r.rowCount !== 1) throw new RoundTakenError(id, round);
        await tx.query('INSERT INTO tournament_rounds (tournament_id, round, bye, started_at, deadline) VALUES ($1,$2,$3,$4,$5)', [id, round, bye, now, deadline]);
      }
      if (done.length || round > 0) await this.bump(id, tx);
      return done;
    });
  }

  /**
   * An arena wave's pairs whose two players are free (not withdrawn, no current game): locks their
   * rows (a concurrent pairing waits, then sees them taken) and sets their current game, in two
   * statements. A pair with a player taken, or named by an earlier pair, is left out.
   */
  private async takeFree(tx: Queryable, id: string, pairs: readonly NewPairing[]): Promise<NewPairing[]> {
    if (!pairs.length) return [];
    const named = pairs.flatMap((p) => [p.whiteId, p.blackId]);
    const r = await tx.query<{ player_id: string }>(
      `SELECT player_id FROM tournament_players WHERE tournament_id = $1 AND player_id = ANY($2::text[]) AND current_game IS NULL AND NOT withdrawn
       ORDER BY player_id FOR UPDATE`,
      [id, named],
    );
    const free = new Set(r.rows.map((x) => x.player_id));
    const done = pairs.filter((p) => {
      if (p.whiteId === p.blackId || !free.has(p.whiteId) || !free.has(p.blackId)) return false;
      free.delete(p.whiteId);
      free.delete(p.blackId);
      return true;
    });
    if (done.length) {
      await tx.query(
        `UPDATE tournament_players tp SET current_game = u.g, missed = 0 FROM unnest($2::text[], $3::text[]) AS u(p, g)
         WHERE tp.tournament_id = $1 AND tp.player_id = u.p`,
        [id, done.flatMap((p) => [p.whiteId, p.blackId]), done.flatMap((p) => [p.gameId, p.gameId])],
      );
    }
    return done;
  }

  /** Pairings whose game is not created yet (a node died between the record and the creation). */
  async pending(id: string): Promise<TournamentGameRecord[]> {
    const r = await this.db.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM tournament_games WHERE tournament_id = $1 AND NOT created`, [id]);
    return r.rows.map(gameOf);
  }

  /** Marks the games of recorded pairings as created (one statement for a whole wave). */
  async markCreated(gameIds: readonly string[]): Promise<void> {
    if (gameIds.length === 0) return;
    await this.db.query('UPDATE tournament_games SET created = true WHERE game_id = ANY($1::text[])', [gameIds]);
  }

  /** Records a game's end once (its players are free again); the tournament's id, or null when known already or not a tournament game. */
  async recordEnd(end: GameEnd): Promise<string | null> {
    return (await this.recordEnds([end])).get(end.gameId) ?? null;
  }

  /**
   * Records many games' ends at once (each once: its players are free again), in one transaction of
   * three statements whatever their number, each tournament's version bumped once: a burst of 500
   * results (a wave's games resigned together, a round's end) is one transaction, not 500 queued
   * for the tournament's row. The tournament of each game recorded now, by game id.
   */
  async recordEnds(ends: readonly GameEnd[]): Promise<Map<string, string>> {
    if (ends.length === 0) return new Map();
    return this.db.transaction(async (tx) => {
      const r = await tx.query<{ game_id: string; tournament_id: string }>(
        `UPDATE tournament_games g SET result = e.result, turns = e.turns, berserk_white = e.bw, berserk_black = e.bb, ended_at = e.at, created = true
         FROM unnest($1::text[], $2::text[], $3::integer[], $4::boolean[], $5::boolean[], $6::double precision[]) AS e(game_id, result, turns, bw, bb, at)
         WHERE g.game_id = e.game_id AND g.ended_at IS NULL RETURNING g.game_id, g.tournament_id`,
        [ends.map((e) => e.gameId), ends.map((e) => e.result), ends.map((e) => e.turns), ends.map((e) => e.berserk.white), ends.map((e) => e.berserk.black), ends.map((e) => e.at)],
      );
      if (r.rows.length === 0) return new Map();
      await tx.query(
        'UPDATE tournament_players p SET current_game = NULL FROM unnest($1::text[], $2::text[]) AS d(t, g) WHERE p.tournament_id = d.t AND p.current_game = d.g',
        [r.rows.map((x) => x.tournament_id), r.rows.map((x) => x.game_id)],
      );
      // in one order on every node (two nodes' batches never wait on each other's rows crosswise)
      const ids = [...new Set(r.rows.map((x) => x.tournament_id))].sort();
      await tx.query('SELECT 1 FROM tournaments WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE', [ids]);
      await tx.query('UPDATE tournaments SET version = version + 1 WHERE id = ANY($1::text[])', [ids]);
      return new Map(r.rows.map((x) => [x.game_id, x.tournament_id]));
    });
  }

  async rounds(id: string): Promise<TournamentRoundRecord[]> {
    const r = await this.db.query<{ round: number; bye: string | null; started_at: number; deadline: number | null }>(
      'SELECT round, bye, started_at, deadline FROM tournament_rounds WHERE tournament_id = $1 ORDER BY round',
      [id],
    );
    return r.rows.map((x) => ({ round: x.round, bye: x.bye, startedAt: x.started_at, deadline: x.deadline }));
  }
}

/** Another node started this round first (its transaction rolled back). */
export class RoundTakenError extends Error {
  constructor(id: string, round: number) {
    super(`round ${round} of ${id} started already`);
    this.name = 'RoundTakenError';
  }
}
