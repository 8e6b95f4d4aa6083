import { CLIENT_EVENTS, GAME_COMMANDS, GAME_COMMAND_NAMES, isGameCommand, type ClientEventName } from '@progressive-chess/shared';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { GAME_DECISIONS, type GameCommands } from '../src/services/game-commands.js';
import { createHandlers, type Services } from '../src/transport/handlers.js';
import { registerEdge } from '../src/transport/register.js';
import type { AppSocket } from '../src/transport/socket-types.js';

/** Every service but the game commands: never called here. */
const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('not this service')) });

/** Handlers whose game commands record the call to `GameCommands.run`. */
function recordingHandlers() {
  const calls: unknown[][] = [];
  const commands = { run: (...args: unknown[]) => (calls.push(args), Promise.resolve({ version: 7 })) } as unknown as GameCommands;
  const services = { identity: unused, lobby: unused, rooms: unused, chat: unused, bots: unused, online: () => Promise.resolve(0), commands } as unknown as Services;
  return { handlers: createHandlers(services), calls };
}

/** A socket that records the events the edge listens to, and lets the test emit one. */
function fakeSocket() {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  const socket = {
    id: 'sock-1',
    connected: true,
    data: { playerId: 'p1', address: '127.0.0.1' },
    on: (name: string, fn: (...args: unknown[]) => void) => listeners.set(name, fn),
    onAny: () => undefined,
    emit: () => true,
    disconnect: () => undefined,
  };
  return { socket: socket as unknown as AppSocket, listeners };
}

describe('the game command table drives the protocol and the transport', () => {
  it('CLIENT_EVENTS lists each command of the table with its own schema, and the server has one decision per command', () => {
    for (const name of GAME_COMMAND_NAMES) expect(CLIENT_EVENTS[name], name).toBe(GAME_COMMANDS[name].schema);
    expect(Object.keys(GAME_DECISIONS).sort()).toEqual([...GAME_COMMAND_NAMES].sort());
    // the other game:* events are the room's (join, leave, resync), not commands
    const rest = Object.keys(CLIENT_EVENTS).filter((e) => e.startsWith('game:') && !isGameCommand(e));
    expect(rest.sort()).toEqual(['game:join', 'game:leave', 'game:resync']);
  });

  it('the transport has a handler for every client event; each game command runs its entry for the sender', async () => {
    const { handlers, calls } = recordingHandlers();
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(CLIENT_EVENTS).sort());
    const { socket } = fakeSocket();
    for (const name of GAME_COMMAND_NAMES) {
      const run = handlers[name] as (s: AppSocket, p: unknown, acked: boolean) => Promise<unknown>;
      expect(await run(socket, { gameId: 'g1' }, true)).toEqual({ version: 7 });
    }
    expect(calls).toEqual(GAME_COMMAND_NAMES.map((name) => [name, 'p1', { gameId: 'g1' }, 'sock-1']));
  });

  it('register.ts listens to every client event and answers a game command with the ack of its entry', async () => {
    const { handlers, calls } = recordingHandlers();
    const { socket, listeners } = fakeSocket();
    registerEdge(socket, { handlers, limiter: () => 'ok', logger: pino({ level: 'silent' }) });
    const names = [...listeners.keys()].filter((n) => n !== 'error');
    expect(names.sort()).toEqual((Object.keys(CLIENT_EVENTS) as ClientEventName[]).sort());
    const acked = new Promise((resolve) => listeners.get('game:drawOffer')?.({ gameId: 'g1' }, resolve));
    expect(await acked).toEqual({ ok: true, version: 7 });
    const refused = new Promise((resolve) => listeners.get('game:move')?.({ gameId: 'g1', move: 'e2e4' }, resolve));
    expect(await refused).toMatchObject({ ok: false, code: 'bad-request' });
    expect(calls).toEqual([['game:drawOffer', 'p1', { gameId: 'g1' }, 'sock-1']]);
  });
});
