// `npm start` keeps its data: the real server entry with its default settings (only DATA_DIR
// moved to a temp folder that does not exist yet) finds the accounts, ratings, archive and the
// game in progress again after a SIGTERM and after a kill -9, and refuses a second process on
// the same folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountView, GameSnapshot, PlayerProfile } from '@progressive-chess/shared';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerProcess, startServerProcess, type ServerProcess } from '../chaos/support/server-process.js';
import { call, connectClient, startGame, waitFor, type Client, type ClientSocket } from '../support/game-client.js';

const root = mkdtempSync(join(tmpdir(), 'server-data-'));
const dataDir = join(root, 'some', 'new', 'folder');
// the defaults but the folder (the test harness's throw-away EPHEMERAL=1 turned off)
const ENV = { DATA_DIR: dataDir, EPHEMERAL: '0' };
let node: ServerProcess | null = null;
const sockets: { close(): void }[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  await node?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function json<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: T; cookie: string }> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: (await res.json()) as T, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

/** A socket signed in with an account's session cookie. */
async function withCookie(url: string, cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
  sockets.push({ close: () => socket.disconnect() });
  await new Promise((resolve, reject) => {
    socket.once('session', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

async function register(url: string, username: string): Promise<string> {
  const guest = await connectClient(url);
  const reg = await json(`${url}/api/account/register`, {
    method: 'POST',
    body: JSON.stringify({ username, password: 'long password', token: guest.session.token }),
  });
  guest.close();
  expect(reg.status).toBe(201);
  return reg.cookie;
}

/** A guest player back with its token (kept in the store), in game `gameId`: the version it sees. */
async function rejoin(url: string, token: string, gameId: string): Promise<{ client: Client; snapshot: GameSnapshot }> {
  const client = await connectClient(url, { token });
  sockets.push(client);
  const { snapshot } = await call(client.socket, 'game:join', { gameId });
  return { client, snapshot };
}

async function move(socket: ClientSocket, gameId: string, version: number, uci: string): Promise<number> {
  return (await call(socket, 'game:move', { gameId, version, move: uci })).version;
}

describe('the server entry keeps its data in DATA_DIR (the default set-up)', () => {
  it('finds accounts, ratings, the archive and the game in progress after SIGTERM and kill -9', async () => {
    node = await startServerProcess(ENV);
    let url = node.url;
    // an account with a rating and an archived game: a rated Scottish mate, 1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#
    const [alice, bob] = [await register(url, 'alice'), await register(url, 'bob')];
    const [a, b] = [await withCookie(url, alice), await withCookie(url, bob)];
    const { seek } = await call(a, 'seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public', rated: true });
    const { gameId: rated } = await call(b, 'seek:accept', { seekId: seek.id });
    const archived = waitFor(b, 'game:event', (e) => e.gameId === rated && e.event.type === 'archived', 30_000);
    for (const s of [a, b]) await call(s, 'game:join', { gameId: rated });
    let v = await move(a, rated, 1, 'e2e4');
    for (const m of ['e7e5', 'g8f6']) v = await move(b, rated, v, m);
    for (const m of ['f1c4', 'd1h5', 'h5f7']) v = await move(a, rated, v, m);
    await archived;
    // a game in progress between two guests, in the middle of Black's series
    const [carol, dave] = [await connectClient(url), await connectClient(url)];
    sockets.push(carol, dave);
    const game = await startGame(carol, dave);
    for (const s of [carol, dave]) await call(s.socket, 'game:join', { gameId: game });
    v = await move(carol.socket, game, 1, 'e2e4');
    v = await move(dave.socket, game, v, 'e7e5');

    // a second server on the same folder stops at once, naming the first one's pid
    const second = await runServerProcess(ENV);
    expect(second.code).toBe(1);
    expect(second.stdout).toContain(`the data folder ${dataDir} is in use by another server (pid ${node.proc.pid})`);

    // a graceful stop, then the same folder
    const stopped = new Promise<number | null>((r) => node?.proc.once('exit', (code) => r(code)));
    await node.stop();
    expect(await stopped).toBe(0);
    node = await startServerProcess(ENV);
    url = node.url;
    expect(node.logs).toContainEqual(expect.objectContaining({ msg: 'store opened', games: 2, dir: join(dataDir, 'store') }));
    const me = await json<{ account: AccountView | null }>(`${url}/api/account`, { headers: { cookie: alice } });
    expect(me.body.account?.username).toBe('alice');
    expect(me.body.account?.ratings.find((r) => r.variant === 'scottish')?.rating).toBeGreaterThan(1500);
    const profile = await json<PlayerProfile>(`${url}/api/players/bob`);
    expect(profile.body.recentGames.map((g) => g.id)).toContain(rated);
    expect((await json<GameSnapshot>(`${url}/api/games/${rated}`)).body).toMatchObject({ status: 'finished', rated: true });
    // the guests come back with their tokens and carry on
    const d1 = await rejoin(url, dave.session.token, game);
    expect(d1.snapshot).toMatchObject({ version: v, status: 'playing' });
    expect(d1.snapshot.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5']);
    v = await move(d1.client.socket, game, v, 'g8f6');
    const c1 = await rejoin(url, carol.session.token, game);
    v = await move(c1.client.socket, game, v, 'f1c4');

    // killed: no shutdown at all
    const killed = new Promise<NodeJS.Signals | null>((r) => node?.proc.once('exit', (_code, signal) => r(signal)));
    node.proc.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');
    node = await startServerProcess(ENV);
    url = node.url;
    const c2 = await rejoin(url, carol.session.token, game);
    expect(c2.snapshot.version).toBe(v);
    expect(c2.snapshot.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5', 'g8f6', 'f1c4']);
    for (const m of ['d1h5', 'h5f7']) v = await move(c2.client.socket, game, v, m);
    expect((await json<GameSnapshot>(`${url}/api/games/${game}`)).body).toMatchObject({ status: 'finished', outcome: { result: '1-0', reason: 'checkmate' } });
    // the accounts outlived the kill too
    expect((await json<{ account: AccountView | null }>(`${url}/api/account`, { headers: { cookie: bob } })).body.account?.username).toBe('bob');
  }, 300_000);
});
