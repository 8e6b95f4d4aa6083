import type { Socket as NetSocket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { playerRoom } from '../src/transport/socket-types.js';
import { MAX_PENDING_BYTES } from '../src/transport/slow-readers.js';
import { Client, createGame, sleep, startServer } from './helpers.js';

/** The TCP socket under a test client's WebSocket (engine.io-client's node transport, not in the typings). */
function tcpOf(client: Client): NetSocket {
  const engine = client.socket.io.engine as unknown as { transport: { ws: { _socket: NetSocket } } };
  return engine.transport.ws._socket;
}

describe('a connection that stops reading', () => {
  it('is closed once its unsent packets pass the cap, and the others play on', async () => {
    const server = await startServer();
    const [reader, stuck, white, black] = await Promise.all([1, 2, 3, 4].map(() => Client.connect(server)));
    if (!reader || !stuck || !white || !black) throw new Error('no clients');
    const gameId = await createGame(server, white, black, { variant: 'scottish' });
    // it keeps its window shut: the server's writes to it pile up
    tcpOf(stuck).pause();
    const line = 'x'.repeat(2000);
    const rounds = Math.ceil((8 * MAX_PENDING_BYTES) / line.length);
    // in bursts of 100 lines, each one well under the cap, with a pause for the reader to read
    for (let i = 0; i < rounds; i++) {
      for (const c of [reader, stuck]) server.app.io.to(playerRoom(c.id)).emit('error', { code: 'rate-limited', message: line });
      if (i % 100 === 99) await sleep(5);
    }
    const ids = (): string[] => [...server.app.io.of('/').sockets.values()].map((s) => s.data.playerId);
    await vi.waitFor(() => expect(ids()).not.toContain(stuck.id));
    await vi.waitFor(() => expect(reader.received('error')).toHaveLength(rounds));
    expect(ids()).toContain(reader.id);
    expect((await white.send('game:move', { gameId, version: 1, move: 'e2e4' })).ok).toBe(true);
  });
});
