import { byUrgency, COLORS, colorOfTurn, opposite, type MyGame } from '@progressive-chess/shared';
import type { Store } from '../store/store.js';
import { parseDoc, seatOf, timedDeadline, type GameDoc } from './game-doc.js';
import type { MyGameChange } from './publisher.js';

/** One of the player's games as the lobby lists it; null when it is over or not theirs. */
function entryOf(doc: GameDoc, playerId: string): MyGame | null {
  const color = seatOf(doc, playerId);
  if (color === null || doc.status !== 'playing') return null;
  const game: MyGame = {
    id: doc.id,
    variant: doc.variant,
    timeControl: doc.timeControl,
    color,
    opponent: doc.players[opposite(color)].name,
    turn: doc.turn,
    ...(doc.takebacks ? { takebacks: doc.takebacks } : {}),
    yourTurn: colorOfTurn(doc.turn) === color,
    deadline: timedDeadline(doc),
    createdAt: doc.createdAt,
    ...(doc.private === true ? { private: true } : {}),
    ...(doc.rated === true ? { rated: true } : {}),
    ...(doc.bot === undefined ? {} : { bot: true }),
  };
  return game;
}

/**
 * The player's games in progress (public, private, against the computer), most urgent first (shared byUrgency), at
 * most `max`: the games counted for the player (`Store.gamesOf`, released when a game ends), each
 * read from the live store. A game that is gone, over (its release still on its way) or not the
 * player's is left out, never an error.
 */
export async function gamesInProgressOf(store: Store, playerId: string, max: number): Promise<MyGame[]> {
  const ids = (await store.gamesOf(playerId)).slice(0, max);
  const heads = await Promise.all(ids.map((id) => store.loadGameHead(id)));
  const entries = heads.flatMap((h) => {
    const e = h === null ? null : entryOf(parseDoc(h.doc), playerId);
    return e === null ? [] : [e];
  });
  return entries.sort(byUrgency);
}

/**
 * What changed in the games in progress of each player of the game (not the computer), from the
 * doc alone (no store read: this runs on the move path): the game's entry when it started (`prev`
 * none) or its turn changed, its removal when it ended. Nothing for a change that leaves the entry
 * as it was (a move within a series, an offer, the archiving of a finished game).
 */
export function myGameChanges(doc: GameDoc, prev?: GameDoc): MyGameChange[] {
  const playing = doc.status === 'playing';
  if (prev !== undefined && (playing ? doc.turn === prev.turn : prev.status !== 'playing')) return [];
  return COLORS.filter((c) => doc.bot?.color !== c)
    .map((c) => doc.players[c].id)
    .map((id) => ({ playerId: id, gameId: doc.id, game: playing ? entryOf(doc, id) : null }));
}
