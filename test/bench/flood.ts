import { createInterface } from 'node:readline';
import { io } from 'socket.io-client';
import { type ClientSocket, connectClient, request, startGame } from '../support/game-client.js';
import { runAsChild } from './child.js';

/**
 * One abusive identity: `sockets` connections of one token, each looping join / resync / leave of a
 * game and lobby subscribe / unsubscribe as fast as the acks come back. A refused handshake or a
 * disconnection (e.g. for `flooding`) is retried after a second, like a stock client. Used by
 * `npm run bench:abuse` (as a child process; a `stop` line on stdin ends it before `durationMs`) and
 * by the chaos suite (in-process, short).
 */

export interface FloodConfig {
  readonly url: string;
  readonly sockets: number;
  readonly durationMs: number;
  /** Local address of the flood's connections (e.g. 127.0.0.2: an attacker with an address of its own). */
  readonly localAddress?: string;
}

export interface FloodResult {
  /** Connections the server accepted (over the whole run, reconnections included). */
  readonly accepted: number;
  readonly refusedHandshakes: number;
  readonly requests: number;
  readonly limited: number;
  readonly disconnectedForFlooding: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const OPS = ['game:join', 'game:resync', 'game:leave', 'lobby:subscribe', 'lobby:unsubscribe'] as const;

function open(url: string, token: string, localAddress: string | undefined): Promise<ClientSocket | null> {
  // `localAddress` is passed on to the WebSocket (engine.io-client's node transport), not in the typings
  const opts = { transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false, ...(localAddress ? { localAddress } : {}) };
  const socket: ClientSocket = io(url, opts);
  return new Promise((resolve) => {
    socket.once('session', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.close();
      resolve(null);
    });
  });
}

export async function runFlood(cfg: FloodConfig, stop?: AbortSignal): Promise<FloodResult> {
  const abuser = await connectClient(cfg.url, { name: 'abuser' });
  const accomplice = await connectClient(cfg.url, { name: 'accomplice' });
  const gameId = await startGame(abuser, accomplice);
  accomplice.close();
  const token = abuser.session.token;
  const end = Date.now() + cfg.durationMs;
  const going = (): boolean => Date.now() < end && !stop?.aborted;
  const r = { accepted: 0, refusedHandshakes: 0, requests: 0, limited: 0, disconnectedForFlooding: 0 };

  const loop = async (): Promise<void> => {
    while (going()) {
      const socket = await open(cfg.url, token, cfg.localAddress);
      if (!socket) {
        r.refusedHandshakes++;
        await sleep(1000);
        continue;
      }
      r.accepted++;
      let flooding = false;
      socket.on('error', (e) => {
        if (e.code === 'flooding') flooding = true;
      });
      for (let i = 0; socket.connected && going(); i++) {
        const op = OPS[i % OPS.length] ?? 'game:join';
        const ack = await request(socket, op, op.startsWith('lobby') ? {} : { gameId }, 5000).catch(() => null);
        r.requests++;
        if (ack && !ack.ok && ack.code === 'rate-limited') r.limited++;
      }
      if (flooding) r.disconnectedForFlooding++;
      socket.close();
      if (going()) await sleep(1000);
    }
  };
  await Promise.all(Array.from({ length: cfg.sockets }, loop));
  abuser.close();
  return r;
}

runAsChild(import.meta.url, 'flood', (cfg: FloodConfig) => {
  const stop = new AbortController();
  createInterface({ input: process.stdin }).on('line', (line) => line === 'stop' && stop.abort());
  return runFlood(cfg, stop.signal);
});
