import { describe, expect, it, vi } from 'vitest';
import { gameRoom, playerRoom, type TurnNotice } from '../src/services/publisher.js';
import { adapterRelay, broadcastVersion } from '../src/transport/adapter-relay.js';
import { roomTap } from '../src/transport/room-adapter.js';
import { socketPublisher } from '../src/transport/socket-publisher.js';
import { adapterOn, FakePublisher, fakeSubscriber } from './fake-adapter-redis.js';

const channelOf = (room: string): string => `socket.io#/#${room}#`;
const event = { gameId: 'g1', version: 7, event: { type: 'move', uci: 'e2e4', hash: '0badf00d' } };

/** `message` as another node's adapter (uid `other-node`) would have sent it. */
const fromOtherNode = (message: Buffer): Buffer => Buffer.from(message.toString().replace(/"uid":"[^"]+"/, '"uid":"other-node"'));

describe('a room tap: a room`s channel for the nodes with an interest in the room only', () => {
  it('a watcher hears another node`s broadcasts to a room with no member here; the adapter shares the one subscription', async () => {
    const sub = fakeSubscriber();
    const io = adapterOn(new FakePublisher(), sub);
    const tap = roomTap(io.of('/').adapter);
    if (!tap) throw new Error('no tap on the room adapter');
    const relay = adapterRelay(io)?.(gameRoom('g1'), 'game:event', event);
    if (!relay) throw new Error('no relay');
    const channel = channelOf(gameRoom('g1'));
    const heard: (number | null)[] = [];
    const unwatch = tap.watch(gameRoom('g1'), (m) => heard.push(broadcastVersion(m)));
    expect(sub.log).toContain(`+${channel}`);
    sub.deliver(channel, relay.message); // this node's own: dropped
    sub.deliver(channel, fromOtherNode(relay.message));
    expect(heard).toEqual([7]);
    expect(io.of('/').adapter.rooms.has(gameRoom('g1'))).toBe(false); // no room made for it
    // a connection joins the room here: the adapter hears the same subscription, not a second one
    await io.of('/').adapter.addAll('sock-1', new Set([gameRoom('g1')]));
    const delivered: string[][] = [];
    (io.of('/').adapter as unknown as { apply: (opts: { rooms: Set<string> }) => void }).apply = (opts) => void delivered.push([...opts.rooms]);
    sub.deliver(channel, fromOtherNode(relay.message));
    expect(delivered).toEqual([[gameRoom('g1')]]);
    expect(heard).toEqual([7, 7]);
    // it leaves: the watcher keeps the channel; the watcher goes too: it is unsubscribed, once
    io.of('/').adapter.delAll('sock-1');
    expect(sub.log.filter((l) => l.endsWith(channel))).toEqual([`+${channel}`]);
    unwatch();
    unwatch();
    expect(sub.log.filter((l) => l.endsWith(channel))).toEqual([`+${channel}`, `-${channel}`]);
  });

  it('the adapter`s subscription outlives a watcher that came and went while it had it', async () => {
    const sub = fakeSubscriber();
    const io = adapterOn(new FakePublisher(), sub);
    const channel = channelOf(gameRoom('g2'));
    await io.of('/').adapter.addAll('sock-1', new Set([gameRoom('g2')]));
    const unwatch = roomTap(io.of('/').adapter)?.watch(gameRoom('g2'), () => undefined);
    unwatch?.();
    expect(sub.log.filter((l) => l.endsWith(channel))).toEqual([`+${channel}`]);
    io.of('/').adapter.delAll('sock-1');
    expect(sub.log.filter((l) => l.endsWith(channel))).toEqual([`+${channel}`, `-${channel}`]);
  });

  it('the version of a broadcast: a versioned payload`s, else none', () => {
    const io = adapterOn(new FakePublisher(), fakeSubscriber());
    const relay = adapterRelay(io);
    expect(broadcastVersion(relay?.('game:g1', 'game:event', event).message ?? Buffer.alloc(0))).toBe(7);
    expect(broadcastVersion(relay?.('game:g1', 'game:spectators', { gameId: 'g1', count: 2 }).message ?? Buffer.alloc(0))).toBeNull();
    expect(broadcastVersion(Buffer.from('{"type":9,"data":{"packet":["game:turn",{"version":3}]}}'))).toBeNull();
    expect(broadcastVersion(Buffer.from('{not json'))).toBeNull();
    expect(broadcastVersion(Buffer.from([0x83, 0xa4]))).toBeNull(); // MessagePack
  });

  it('a turn notice goes to the player`s room channel, and only there; the node serving the player hears it as a server-side event', async () => {
    const pubA = new FakePublisher();
    const ioA = adapterOn(pubA, fakeSubscriber());
    const notice: TurnNotice = { gameId: 'g1', version: 4, playerId: 'black' };
    socketPublisher(ioA, { crossNode: true }).announceTurn(notice);
    await vi.waitFor(() => expect(pubA.published.length).toBeGreaterThan(0));
    expect(pubA.published.map(([c]) => c)).toEqual([channelOf(playerRoom('black'))]);
    // node B, where Black is connected, gets it on that channel and hands it to its prefetch
    const subB = fakeSubscriber();
    const ioB = adapterOn(new FakePublisher(), subB);
    const here: TurnNotice[] = [];
    socketPublisher(ioB, { crossNode: true, onTurnHere: (n) => here.push(n) });
    await ioB.of('/').adapter.addAll('sock-b', new Set([playerRoom('black')]));
    const [channel, message] = pubA.published[0] ?? ['', Buffer.alloc(0)];
    subB.deliver(channel, message);
    await vi.waitFor(() => expect(here).toEqual([notice]));
  });
});
