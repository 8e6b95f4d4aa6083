import { type GameState, decodeState, legalMoves, makeUci, play } from '@progressive-chess/shared';
import { request, type Client } from '../../support/game-client.js';
import { rng } from '../../bench/table.js';

/**
 * A game driven by resyncs: read the snapshot, send one legal move as the side to move, repeat.
 * Every request has a time limit, so a request the server never answers is counted, not waited on.
 * Records every acknowledged move (version it produced, UCI) and every refusal code.
 */
export interface PlayLog {
  readonly acked: { version: number; uci: string; at: number }[];
  readonly refusals: Map<string, number>;
  /** Requests with no answer within the limit. */
  unanswered: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function choose(state: GameState, random: () => number): string | null {
  const moves = legalMoves(state);
  for (let tries = 0; tries < 8 && moves.length; tries++) {
    const m = moves[Math.floor(random() * moves.length)];
    const r = m ? play(state, m) : null;
    if (m && r?.ok && !r.value.check && r.value.outcome === null) return makeUci(m);
  }
  return null;
}

export async function playByResync(
  seats: { white: Client; black: Client },
  gameId: string,
  running: () => boolean,
  seed: number,
  timeoutMs = 4000,
): Promise<PlayLog> {
  const log: PlayLog = { acked: [], refusals: new Map(), unanswered: 0 };
  const random = rng(seed);
  const refused = (code: string): void => {
    log.refusals.set(code, (log.refusals.get(code) ?? 0) + 1);
  };
  const ask = async <T>(p: Promise<T>): Promise<T | null> =>
    p.catch(() => {
      log.unanswered++;
      return null;
    });
  while (running()) {
    const sync = await ask(request(seats.white.socket, 'game:resync', { gameId }, timeoutMs));
    if (!sync?.ok) {
      if (sync) refused(sync.code);
      await sleep(50);
      continue;
    }
    const decoded = decodeState(sync.snapshot.state);
    if (!decoded.ok || sync.snapshot.status !== 'playing') break;
    const uci = choose(decoded.value, random);
    if (uci === null) break;
    const version = sync.snapshot.version;
    const r = await ask(request(seats[decoded.value.color].socket, 'game:move', { gameId, version, move: uci }, timeoutMs));
    if (r?.ok) log.acked.push({ version: r.version, uci, at: Date.now() });
    else if (r) {
      refused(r.code);
      await sleep(50);
    }
  }
  return log;
}
