import { parseUci, type GameRecord, type Move } from '@progressive-chess/shared';
import { parseDoc, parseMoves, type GameDoc } from './game-doc.js';
import type { StoredGame } from '../store/store.js';

/** The rules package's record of a stored game (its start, moves and passes), with its document. */
export function recordOf(stored: StoredGame): { doc: GameDoc; record: GameRecord } {
  const doc = parseDoc(stored.doc);
  const moves = parseMoves(stored.moves)
    .map((m) => parseUci(m.uci))
    .filter((m): m is Move => m !== undefined);
  const record: GameRecord = {
    variant: doc.variant,
    ...(doc.custom ? { initialFen: doc.custom.fen, initialTurn: doc.custom.turn } : {}),
    moves,
    passes: doc.passes,
  };
  return { doc, record };
}
