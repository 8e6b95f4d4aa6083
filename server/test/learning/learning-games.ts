import type { PlayerRef } from '../../src/services/game-doc-types.js';
import type { Indexed } from '../../src/learning/learning-indexer.js';
import type { TimeControl } from '@progressive-chess/shared';
import { Client, playMoves, type TestServer } from '../helpers.js';

/** White's first series, and Black's second (`e7e5` and one more), before White's three moves. */
export interface Opening {
  readonly white1: string;
  readonly black2: readonly [string, string];
}

/** 3.Bc4 Qh5 Qh4: White misses Qxf7# (after 1.e4, or 1.e3, and ...e5 with anything that leaves f7 alone). */
export const MISSED = ['f1c4', 'd1h5', 'h5h4'] as const;
/** 3.Bc4 Qh5 Qxf7#: the mate played. */
export const MATED = ['f1c4', 'd1h5', 'h5f7'] as const;

export interface PlayedGame {
  readonly gameId: string;
  readonly indexed: Indexed;
}

/**
 * A Scottish game between two connected clients, created through the game service: the opening,
 * White's third series, then Black resigns unless White mated; resolves once the archived game is indexed.
 */
export async function playIndexed(
  server: TestServer,
  white: Client,
  black: Client,
  o: { opening: Opening; third: readonly string[]; timeControl?: TimeControl; rated?: boolean; ratings?: [number, number] },
): Promise<PlayedGame> {
  const learning = server.app.services.learning;
  if (!learning) throw new Error('no database: no learning');
  const ref = (c: Client, rating: number | undefined): PlayerRef => ({ id: c.id, name: c.session.name, ...(rating === undefined ? {} : { rating }) });
  const gameId = await server.app.services.games.create({
    variant: 'scottish',
    timeControl: o.timeControl ?? { kind: 'none' },
    white: ref(white, o.ratings?.[0]),
    black: ref(black, o.ratings?.[1]),
    ...(o.rated === undefined ? {} : { rated: o.rated }),
  });
  const indexed = new Promise<Indexed>((resolve) => {
    const off = learning.onIndexed((i) => {
      if (i.gameId !== gameId) return;
      off();
      resolve(i);
    });
  });
  for (const c of [white, black]) await c.ok('game:join', { gameId });
  let v = await playMoves(white, gameId, 1, [o.opening.white1]);
  v = await playMoves(black, gameId, v, o.opening.black2);
  await playMoves(white, gameId, v, o.third);
  if (o.third.at(-1) !== 'h5f7') await black.ok('game:resign', { gameId });
  return { gameId, indexed: await indexed };
}
