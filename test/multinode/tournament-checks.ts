import type { TournamentCreate } from '@progressive-chess/shared';
import { expect } from 'vitest';
import type { Database } from '../../server/src/db/database.js';
import type { TournamentParts } from '../../server/src/tournament/compose.js';
import { arenaInput } from '../../server/test/tournament/tournament-helpers.js';
import type { Node } from './nodes.js';

/** What the multi-node tournament tests share: an arena's settings, a node's tournaments, the database's invariants. */

export const arenaOf = (startsAt: number, over: Partial<TournamentCreate> = {}): TournamentCreate =>
  arenaInput(startsAt, { name: 'Two-node Arena', minutes: 30, ...over });

export const tournamentsOf = (n: Node): TournamentParts => {
  const t = n.app.services.tournaments;
  if (!t) throw new Error('no tournaments');
  return t;
};

/** Every player is in at most one game in play (per the database). */
export async function nobodyTwice(db: Database, id: string): Promise<void> {
  const r = await db.query<{ p: string; n: number }>(
    `SELECT p, count(*)::int AS n FROM (SELECT white_id AS p FROM tournament_games WHERE tournament_id = $1 AND ended_at IS NULL
      UNION ALL SELECT black_id FROM tournament_games WHERE tournament_id = $1 AND ended_at IS NULL) x GROUP BY p HAVING count(*) > 1`,
    [id],
  );
  expect(r.rows).toEqual([]);
}
