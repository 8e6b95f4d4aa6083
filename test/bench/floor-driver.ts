import type { Color } from '@progressive-chess/shared';
import { io, type Socket } from 'socket.io-client';
import { type GameScript, scriptPool } from './game-scripts.js';
import { type Stats, Table, type Transport } from './table.js';

/** Load-generator side of the floor protocol (see floor-server.ts). */

interface FloorEvent {
  gameId: string;
  version: number;
  move: string;
}
type Ack = { ok: boolean; version?: number };

function connect(url: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** What every table of a load generator shares: the pre-played games and the think time. */
export interface TableOptions {
  readonly scripts: readonly GameScript[];
  readonly thinkMs: number;
  /** Spread of the think time, 0..1 (table.ts `thinkDelay`). */
  readonly thinkJitter?: number;
}

let fewScripts: GameScript[] | null = null;
/** A few scripts and no think time (tests that drive a handful of tables). */
export function defaultTableOptions(): TableOptions {
  fewScripts ??= scriptPool(4);
  return { scripts: fewScripts, thinkMs: 0 };
}

export interface OpenedTable {
  readonly table: Table;
  readonly version: number;
  close(): void;
}

/** White on urls[i], Black and the spectator on the next node (the same one with a single node). */
export async function openFloorTable(index: number, urls: readonly string[], stats: Stats, opts = defaultTableOptions()): Promise<OpenedTable> {
  const at = (k: number): string => urls[(index + k) % urls.length] ?? '';
  const gameId = `f${index}`;
  const [white, black, spectator] = await Promise.all([connect(at(0)), connect(at(1)), connect(at(1))]);
  const seats: Record<Color, Socket> = { white, black };
  const join = async (): Promise<number> => {
    const acks = await Promise.all(
      [white, black, spectator].map((s) => s.timeout(10_000).emitWithAck('floor:join', { gameId }) as Promise<Ack>),
    );
    return acks[0]?.version ?? 0;
  };
  const transport: Transport = {
    async move(color, version, uci) {
      const r = (await seats[color].timeout(10_000).emitWithAck('floor:move', { gameId, version, move: uci }).catch(() => ({
        ok: false,
      }))) as Ack;
      return r.ok;
    },
    renew: () => join(),
  };
  const table = new Table(transport, stats, opts.scripts, index, opts.thinkMs, opts.thinkJitter);
  for (const s of [white, black, spectator]) {
    s.on('floor:event', (e: FloorEvent) => table.onEvent(e.version, e.move, false, s === spectator));
  }
  const version = await join();
  return { table, version, close: () => [white, black, spectator].forEach((s) => s.disconnect()) };
}
