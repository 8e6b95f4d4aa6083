import { gameToPgn } from '@progressive-chess/shared';
import { recordOf } from '../services/game-record.js';
import type { StoredGame } from '../store/store.js';

const pgnDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '.');

/** The PGN-style export of a stored game (rules package format, docs/rules.md section 8). */
export function storedGameToPgn(stored: StoredGame, site: string): string {
  const { doc, record } = recordOf(stored);
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
