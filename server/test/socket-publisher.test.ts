import { Server } from 'socket.io';
import { describe, expect, it, vi } from 'vitest';
import { socketPublisher } from '../src/transport/socket-publisher.js';
import type { AppServer } from '../src/transport/socket-types.js';

/** A server with no HTTP listener: its adapter's broadcasts (each one encodes the event) are counted. */
function setUp(crossNode: boolean, roomMembers: readonly string[]) {
  const io = new Server() as AppServer;
  const adapter = io.of('/').adapter;
  for (const id of roomMembers) adapter.addAll(id, new Set(['game:g1']));
  const broadcast = vi.spyOn(adapter, 'broadcast');
  return { publisher: socketPublisher(io, { crossNode }), broadcast };
}

const event = { gameId: 'g1', version: 4, event: { type: 'move' as const, uci: 'e2e4', hash: '00' } } as never;

describe('the socket publisher emits a game event only when someone can receive it', () => {
  it('one node: not when the room here holds only the sender (it has the event in its ack), nor when there is no room', () => {
    const alone = setUp(false, ['sock-1']);
    alone.publisher.publishGame(event, 'sock-1');
    expect(alone.broadcast).not.toHaveBeenCalled();
    const none = setUp(false, []);
    none.publisher.publishGame(event, 'sock-1');
    expect(none.broadcast).not.toHaveBeenCalled();
  });

  it('one node: to the room but the sender when anyone else is in it', () => {
    const { publisher, broadcast } = setUp(false, ['sock-1', 'sock-2']);
    publisher.publishGame(event, 'sock-1');
    expect(broadcast).toHaveBeenCalledTimes(1);
    const [, opts] = broadcast.mock.calls[0] ?? [];
    expect([...(opts?.except ?? [])]).toEqual(['sock-1']);
    // an event of no command (a flag) goes to the sender too
    const solo = setUp(false, ['sock-1']);
    solo.publisher.publishGame(event, undefined);
    expect(solo.broadcast).toHaveBeenCalledTimes(1);
  });

  it('several nodes: still emitted when the commit did not publish it (the other nodes get it from this emit)', () => {
    const { publisher, broadcast } = setUp(true, ['sock-1']);
    publisher.publishGame(event, 'sock-1', undefined);
    expect(broadcast).toHaveBeenCalledTimes(1);
    expect(broadcast.mock.calls[0]?.[1].flags?.local).toBeUndefined();
  });

  it('several nodes: not when the commit published it and nobody else is here; locally only when someone is', () => {
    const alone = setUp(true, ['sock-1']);
    alone.publisher.publishGame(event, 'sock-1', true);
    expect(alone.broadcast).not.toHaveBeenCalled();
    const shared = setUp(true, ['sock-1', 'sock-2']);
    shared.publisher.publishGame(event, 'sock-1', true);
    expect(shared.broadcast).toHaveBeenCalledTimes(1);
    expect(shared.broadcast.mock.calls[0]?.[1].flags?.local).toBe(true);
  });
});
