import type { Color, GameEvent } from '@progressive-chess/shared';
import { call, type Client, connectClient, request, startGame } from '../support/game-client.js';
import { defaultTableOptions, type OpenedTable } from './floor-driver.js';
import { type Stats, Table, type Transport } from './table.js';

/** Load-generator side of the real game protocol: a private seek per game, untimed Scottish. */

function moveOf(e: GameEvent): { uci: string | null; ended: boolean; hash?: string } {
  const b = e.event;
  if (b.type === 'move') return { uci: b.uci, ended: b.outcome !== undefined, hash: b.hash };
  return { uci: null, ended: b.type === 'game-over' };
}

/** White on urls[i], Black and the spectator on the next node (the same one with a single node). */
export async function openAppTable(index: number, urls: readonly string[], stats: Stats, opts = defaultTableOptions()): Promise<OpenedTable> {
  const at = (k: number): string => urls[(index + k) % urls.length] ?? '';
  const clients: Client[] = await Promise.all([at(0), at(1), at(1)].map((u) => connectClient(u)));
  const [white, black, spectator] = clients as [Client, Client, Client];
  const seats: Record<Color, Client> = { white, black };
  let gameId = '';

  const renew = async (over = true): Promise<number> => {
    // A script that ran out leaves its game in progress: resigned, so no player collects games.
    if (!over) await request(white.socket, 'game:resign', { gameId }).catch(() => null);
    gameId = await startGame(white, black);
    let version = 0;
    for (const c of clients) version = (await call(c.socket, 'game:join', { gameId })).snapshot.version;
    return version;
  };
  const transport: Transport = {
    async move(color, version, uci) {
      // (the ack's event, which the room's broadcast no longer sends to the mover, reaches the
      // socket's game:event listener below through `request`, as the web client applies it)
      const r = await request(seats[color].socket, 'game:move', { gameId, version, move: uci }).catch(() => null);
      if (r?.ok !== true && stats.refusals && stats.running) {
        const code = r?.code ?? 'timeout';
        stats.refusals[code] = (stats.refusals[code] ?? 0) + 1;
      }
      return r?.ok === true;
    },
    renew,
  };
  const table = new Table(transport, stats, opts.scripts, index, opts.thinkMs, opts.thinkJitter);
  for (const c of clients) {
    c.socket.off('game:event');
    c.socket.on('game:event', (e) => {
      if (e.gameId !== gameId) return;
      const { uci, ended, hash } = moveOf(e);
      table.onEvent(e.version, uci, ended, c === spectator, hash);
    });
  }
  const version = await renew();
  return { table, version, close: () => clients.forEach((c) => c.close()) };
}
