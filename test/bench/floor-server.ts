import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { loadBuiltServer } from './built-server.js';
import { Server } from 'socket.io';
import { type AdapterKind, useStreamsAdapter } from './adapters.js';
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
  /** Which one (default pubsub: @socket.io/redis-adapter; classic: its unsharded mode, floor only). */
  readonly adapterKind?: AdapterKind;
}

/** A pub/sub adapter's messages on one node since it started: published, and received by its subscriber. */
export interface AdapterCounts {
  readonly published: number;
  readonly received: number;
}

export interface FloorServer {
  readonly port: number;
  /** Commands sent to Redis by the game state's client (`store`); the adapter's messages (pub/sub only). */
  readonly counters?: { readonly store: CommandCounter; readonly adapter: (() => AdapterCounts) | null };
  close(): Promise<void>;
}

type Listener = (message: Buffer, channel: Buffer) => void;

/** An adapter's publisher and subscriber on node-redis, connecting (errors left to the reconnection). */
function adapterClients(redisUrl: string): { pub: ReturnType<typeof createClient>; sub: ReturnType<typeof createClient>; close: () => Promise<void> } {
  const pub = createClient({ url: redisUrl });
  const sub = createClient({ url: redisUrl });
  for (const c of [pub, sub]) {
    c.on('error', () => undefined);
    void c.connect();
  }
  return {
    pub,
    sub,
    close: async () => {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}

/**
 * The pub/sub floor's adapter: the Redis adapter's sharded mode with dynamic subscriptions on
 * node-redis clients, as the game server uses it (a node subscribes to a room's channel while it
 * has a member there), counted.
 */
function shardedAdapter(io: Server, redisUrl: string, prefix: string): { counts: () => AdapterCounts; close: () => Promise<void> } {
  const { pub, sub, close } = adapterClients(redisUrl);
  let published = 0;
  let received = 0;
  const counting = {
    sSubscribe: (channel: string, listener: Listener, buffers: true) =>
      sub.sSubscribe(
        channel,
        (m: Buffer, c: Buffer) => {
          received++;
          listener(m, c);
        },
        buffers,
      ),
    sUnsubscribe: (channel: string) => sub.sUnsubscribe(channel),
  };
  const counted = {
    sSubscribe: () => Promise.resolve(),
    sPublish: (channel: string, message: string | Buffer) => {
      published++;
      return pub.sPublish(channel, message);
    },
    sendCommand: (args: string[]) => pub.sendCommand(args),
  };
  io.adapter(createShardedAdapter(counted, counting, { channelPrefix: `${prefix}socket.io`, subscriptionMode: 'dynamic' }));
  return {
    counts: () => ({ published, received }),
    close,
  };
}

/**
 * The classic (unsharded) mode of the same adapter, which the game server does not use: every
 * node receives every room's broadcast (one pattern subscription) and decodes it, members there or
 * not. BENCH_ADAPTER=classic BENCH_MODES=floor with BENCH_NODES=2,2+2 shows what it costs nodes
 * that hold no game (node-layout.ts), against the sharded mode's dynamic subscriptions.
 */
function classicAdapter(io: Server, redisUrl: string, prefix: string): { counts: () => AdapterCounts; close: () => Promise<void> } {
  const { pub, sub, close } = adapterClients(redisUrl);
  let published = 0;
  let received = 0;
  const counting = new Proxy(sub, {
    get(target, name, receiver) {
      if (name === 'pSubscribe') {
        return (pattern: string, listener: Listener, buffers: true) =>
          target.pSubscribe(pattern, (m: Buffer, c: Buffer) => {
            received++;
            listener(m, c);
          }, buffers);
      }
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  const counted = new Proxy(pub, {
    get(target, name, receiver) {
      if (name === 'publish') {
        return (channel: string, message: string | Buffer) => {
          published++;
          return target.publish(channel, message);
        };
      }
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  io.adapter(createAdapter(counted, counting, { key: `${prefix}socket.io` }));
  return {
    counts: () => ({ published, received }),
    close,
  };
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
  // The game state's Redis client configured as the game server's store (openRedis: auto-pipelining,
  // command timeout, reconnection); the adapter's on node-redis, as the game server's.
  const { openRedis } = await loadBuiltServer();
  const redis = openRedis(opts.redisUrl);
  const streams = opts.adapter === true && opts.adapterKind === 'streams';
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  const pubsub = opts.adapter && !streams ? (opts.adapterKind === 'classic' ? classicAdapter : shardedAdapter)(io, opts.redisUrl, opts.prefix) : null;
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
    counters: { store: countCommands(redis), adapter: pubsub ? pubsub.counts : null },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await redis.quit().catch(() => redis.disconnect());
      await pubsub?.close();
      await closeStreams?.();
    },
  };
}
