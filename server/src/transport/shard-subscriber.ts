import type { RedisClient } from '../store/redis-client.js';
import type { AdapterRedis } from './adapter-redis.js';

/** A shard channel's listener, as the sharded adapter gives it: the raw message and its channel. */
export type ShardListener = (message: Buffer, channel: Buffer) => void;

/** What this node's adapter subscriber has received so far (since the node started). */
export interface AdapterTraffic {
  /** Every message, this node's own echoes included. */
  readonly received: number;
  /** Of those, the messages on room channels (broadcasts to one room). */
  readonly roomMessages: number;
}

/**
 * The sharded adapter's subscriber, put between the adapter and the Redis client:
 * - it speaks node-redis' `sSubscribe(channel, listener, true)` / `sUnsubscribe(channel)`, which the
 *   adapter calls on any client that has them, over node-redis (one Redis) or ioredis (a Cluster,
 *   whose `shardedSubscribers` route each channel to its shard);
 * - it drops this node's own broadcasts undecoded (Redis sends every subscriber a copy, the
 *   publisher's too; the adapter would parse each one whole before it sees its sender);
 * - it counts what arrives (`traffic`), and keeps each subscription in flight, so that a socket's
 *   join can wait for its room's channel (`subscribed`): a room joined on this node for the first
 *   time then hears every broadcast after the snapshot read that follows the join.
 * Its (un)subscriptions never reject: a failure is reported, and made good by the resubscription
 * sweep and the version heartbeat (node-jobs.ts), as for a lost publish.
 */
export interface ShardSubscriber {
  sSubscribe(channel: string, listener: ShardListener, buffers: true): Promise<void>;
  sUnsubscribe(channel: string): Promise<void>;
  /** An adapter of this node (its uid, its namespace): its own messages are dropped, its node channels are not rooms'. */
  adapterCreated(uid: string, nsp: string): void;
  /** Resolves once the subscriptions in flight to these channels are made (at once when none is). */
  subscribed(channels: Iterable<string>): Promise<void> | undefined;
  /**
   * Hears a channel besides the adapter (the API's followers of a game hear its room's channel on a
   * node where no connection is in the room): the channel is subscribed while the adapter or a
   * watcher needs it, once. Returns the unwatch.
   */
  watch(channel: string, listener: ShardListener): () => void;
  traffic(): AdapterTraffic;
}

/**
 * The end of an adapter's JSON message from the node of adapter `uid`: the cluster adapter adds
 * `uid` and `nsp` last (socket.io-adapter `publishAndReturnOffset`), and the commit's relay
 * (adapter-relay.ts) writes them in the same place.
 */
export const ownSuffix = (uid: string, nsp: string): Buffer => Buffer.from(`,"uid":${JSON.stringify(uid)},"nsp":${JSON.stringify(nsp)}}`);

/** The adapter's channel prefix (its default, which the commit's relay writes to as well). */
const PREFIX = 'socket.io';

/** A namespace's channel: every node subscribes to it (requests between nodes, broadcasts to several rooms). */
export const namespaceChannel = (nsp: string): string => `${PREFIX}#${nsp}#`;

/** A room's own channel (a node's response channel has the same form, with its uid for the room). */
export const roomChannel = (nsp: string, room: string): string => `${namespaceChannel(nsp)}${room}#`;

/** The client's side of a subscriber: the raw (un)subscribe calls. */
interface RawSubscriber {
  subscribe(channel: string, listener: ShardListener): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  /** Connected: a subscription sent now is answered (else it waits for the connection). */
  ready(): boolean;
}

/**
 * The longest a join waits for its room's subscription. A subscription sent while the subscriber
 * is disconnected is not waited for at all: the join is answered (Redis may be away for long), and
 * the room's events it misses meanwhile reach it through the version heartbeat.
 */
const SUBSCRIBE_WAIT_MS = 2_000;

/** node-redis: its own listeners per channel, in buffer mode. */
export function nodeRedisSubscriber(client: AdapterRedis): RawSubscriber {
  return {
    subscribe: (channel, listener) => client.sSubscribe(channel, listener, true),
    unsubscribe: (channel) => client.sUnsubscribe(channel),
    ready: () => client.isReady,
  };
}

/** ioredis (a Cluster with `shardedSubscribers`): one `smessageBuffer` event, dispatched by channel. */
export function ioredisSubscriber(client: RedisClient): RawSubscriber {
  const listeners = new Map<string, ShardListener>();
  client.on('smessageBuffer', (channel: Buffer, message: Buffer) => listeners.get(channel.toString())?.(message, channel));
  return {
    subscribe(channel, listener) {
      listeners.set(channel, listener);
      return client.ssubscribe(channel);
    },
    unsubscribe(channel) {
      listeners.delete(channel);
      return client.sunsubscribe(channel);
    },
    ready: () => client.status === 'ready',
  };
}

export function shardSubscriber(raw: RawSubscriber, onError: (e: unknown) => void): ShardSubscriber {
  const own: Buffer[] = [];
  /** The namespaces' and this node's response channels: the ones that are not rooms'. */
  const nodeChannels = new Set<string>();
  /** Each subscribed channel's listeners: the adapter's, and the watchers'. */
  const channels = new Map<string, { adapter: ShardListener | null; readonly watchers: Set<ShardListener> }>();
  const pending = new Map<string, Promise<void>>();
  let received = 0;
  let roomMessages = 0;
  const isOwn = (m: Buffer): boolean => own.some((s) => m.length > s.length && m.compare(s, 0, s.length, m.length - s.length) === 0);
  const settle = (p: Promise<unknown>): Promise<void> =>
    p.then(
      () => undefined,
      (e: unknown) => onError(e),
    );
  const subscribe = (channel: string): Promise<void> => {
    const p = settle(
      raw.subscribe(channel, (message, ch) => {
        received++;
        if (!nodeChannels.has(channel)) roomMessages++;
        const listeners = channels.get(channel);
        if (!listeners || isOwn(message)) return;
        listeners.adapter?.(message, ch);
        for (const w of listeners.watchers) w(message, ch);
      }),
    );
    pending.set(channel, p);
    void p.then(() => {
      if (pending.get(channel) === p) pending.delete(channel);
    });
    return p;
  };
  const unsubscribe = (channel: string): Promise<void> => {
    channels.delete(channel);
    pending.delete(channel);
    return settle(raw.unsubscribe(channel));
  };
  return {
    sSubscribe(channel, listener) {
      const listeners = channels.get(channel);
      if (listeners) {
        // already heard for a watcher: the adapter joins it
        listeners.adapter = listener;
        return pending.get(channel) ?? Promise.resolve();
      }
      channels.set(channel, { adapter: listener, watchers: new Set() });
      return subscribe(channel);
    },
    sUnsubscribe(channel) {
      const listeners = channels.get(channel);
      if (listeners && listeners.watchers.size > 0) {
        listeners.adapter = null;
        return Promise.resolve();
      }
      return unsubscribe(channel);
    },
    watch(channel, listener) {
      let listeners = channels.get(channel);
      if (!listeners) {
        listeners = { adapter: null, watchers: new Set() };
        channels.set(channel, listeners);
        void subscribe(channel);
      }
      const mine = listeners;
      mine.watchers.add(listener);
      return () => {
        if (!mine.watchers.delete(listener) || mine.watchers.size > 0 || mine.adapter !== null) return;
        if (channels.get(channel) === mine) void unsubscribe(channel);
      };
    },
    adapterCreated(uid, nsp) {
      own.push(ownSuffix(uid, nsp));
      nodeChannels.add(namespaceChannel(nsp)).add(roomChannel(nsp, uid));
    },
    subscribed(wanted) {
      if (!raw.ready()) return undefined;
      let waits: Promise<void>[] | undefined;
      for (const c of wanted) {
        const p = pending.get(c);
        if (p) (waits ??= []).push(p);
      }
      if (!waits) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS)));
      return Promise.race([Promise.all(waits), timeout]).then(() => clearTimeout(timer));
    },
    traffic: () => ({ received, roomMessages }),
  };
}
