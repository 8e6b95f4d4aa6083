import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { loadBuiltServer } from './built-server.js';
import { Server } from 'socket.io';
import { useStreamsAdapter } from './adapters.js';
import { type CommandCounter, countCommands } from '../support/command-counter.js';

/**
 * The benchmark's FLOOR: a bare Socket.IO server doing, per move, one Redis GET + SET and a room
 * broadcast, with no rules, validation or identity. The game server cannot beat it on the same
 * machine; the benchmark reports the game server's figures as ratios of this one.
 *
 * Protocol (mirrors the game server's shape):
 *   'floor:join' { gameId }                 -> joins room, ack { ok, version }
 *   'floor:move' { gameId, version, move }  -> GET, SET, broadcast 'floor:event' { gameId, version, move }, ack { ok, version }
 */

export interface FloorOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly port?: number;
  /** Use the Socket.IO Redis adapter (several floor nodes). */
  readonly adapter?: boolean;
  /** Which one (default pubsub: @socket.io/redis-adapter). */
  readonly adapterKind?: 'pubsub' | 'streams';
}

export interface FloorServer {
  readonly port: number;
  /** Commands sent to Redis: by the game state's client (`store`) and by the adapter's publisher (pub/sub only). */
  readonly counters?: { readonly store: CommandCounter; readonly publish: CommandCounter | null };
  close(): Promise<void>;
}

interface MovePayload {
  gameId: string;
  version: number;
  move: string;
}

const isMove = (p: unknown): p is MovePayload =>
  typeof p === 'object' && p !== null && typeof (p as MovePayload).gameId === 'string' && typeof (p as MovePayload).move === 'string';

type Ack = (r: { ok: boolean; version?: number }) => void;

export async function startFloorServer(opts: FloorOptions): Promise<FloorServer> {
  // Redis clients configured as the game server's (openRedis: auto-pipelining, command timeout,
  // reconnection), its store's and its adapter's alike: the same deployment.
  const { openRedis } = await loadBuiltServer();
  const redis = openRedis(opts.redisUrl);
  const streams = opts.adapter === true && opts.adapterKind === 'streams';
  const pub = opts.adapter && !streams ? openRedis(opts.redisUrl) : null;
  const sub = pub ? openRedis(opts.redisUrl, true) : null;
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  if (pub && sub) io.adapter(createAdapter(pub, sub, { key: `${opts.prefix}socket.io` }));
  const closeStreams = streams ? useStreamsAdapter(io, opts.redisUrl, opts.prefix) : null;
  const key = (id: string): string => `${opts.prefix}floor:{${id}}`;

  io.on('connection', (socket) => {
    socket.on('floor:join', async (p: unknown, ack: Ack) => {
      if (!isMove({ ...(p as object), move: '' })) return ack({ ok: false });
      const { gameId } = p as MovePayload;
      await socket.join(`game:${gameId}`);
      const doc = await redis.get(key(gameId));
      ack({ ok: true, version: doc ? Number(doc.slice(0, doc.indexOf('|'))) : 0 });
    });
    socket.on('floor:move', async (p: unknown, ack: Ack) => {
      if (!isMove(p)) return ack({ ok: false });
      const doc = await redis.get(key(p.gameId));
      const version = (doc ? Number(doc.slice(0, doc.indexOf('|'))) : 0) + 1;
      await redis.set(key(p.gameId), `${version}|${doc ? doc.slice(doc.indexOf('|') + 1) : ''}${p.move} `);
      io.to(`game:${p.gameId}`).emit('floor:event', { gameId: p.gameId, version, move: p.move });
      ack({ ok: true, version });
    });
  });

  await new Promise<void>((resolve) => http.listen(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    port: (http.address() as AddressInfo).port,
    counters: { store: countCommands(redis), publish: pub ? countCommands(pub) : null },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      for (const c of [redis, pub, sub]) if (c) await c.quit().catch(() => c.disconnect());
      await closeStreams?.();
    },
  };
}
