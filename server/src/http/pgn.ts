import { gameToPgn, parseUci, type Move } from '@progressive-chess/shared';
import { parseDoc, parseMoves } from '../services/game-doc.js';
import type { StoredGame } from '../store/store.js';

const pgnDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '.');

/** The PGN-style export of a stored game (rules package format, docs/rules.md section 8). */
export function storedGameToPgn(stored: StoredGame, site: string): string {
  const doc = parseDoc(stored.doc);
  const moves = parseMoves(stored.moves)
    .map((m) => parseUci(m.uci))
    .filter((m): m is Move => m !== undefined);
  const record = {
    variant: doc.variant,
    ...(doc.custom ? { initialFen: doc.custom.fen, initialTurn: doc.custom.turn } : {}),
    moves,
    passes: doc.passes,
  };
  return gameToPgn(record, {
    tags: {
      Event: 'Progressive Chess Live',
      Site: site,
      Date: pgnDate(doc.createdAt),
      White: doc.players.white.name,
      Black: doc.players.black.name,
    },
    outcome: doc.outcome,
    timeControl: doc.timeControl,
  });
}
