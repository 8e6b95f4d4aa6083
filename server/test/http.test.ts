import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import type { GameSnapshot } from '@progressive-chess/shared';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import type { Database } from '../src/db/database.js';
import { StoreUnavailableError, type Store } from '../src/store/store.js';
import { Client, createGame, playMoves, startServer } from './helpers.js';

function clientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pchess-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Progressive Chess</title>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

describe('HTTP', () => {
  it('healthz reflects the store', async () => {
    const up = await startServer();
    expect((await fetch(`${up.url}/healthz`)).status).toBe(200);
    const broken: Store = Object.create(createMemoryStore(), {
      ping: { value: () => Promise.reject(new Error('down')) },
    }) as Store;
    const down = await startServer({ store: broken });
    const res = await fetch(`${down.url}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable' });
  });

  it('healthz reports the database beside the store, without failing on it (anonymous play goes on)', async () => {
    const database = (query: Database['query']): Database => ({
      kind: 'pglite',
      query,
      exec: () => Promise.resolve(),
      transaction: () => Promise.reject(new Error('not in this test')),
      close: () => Promise.resolve(),
    });
    const answering = await startServer({ database: database(() => Promise.resolve({ rows: [], rowCount: 0 })) });
    let res = await fetch(`${answering.url}/healthz`);
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok', database: 'ok' }]);
    const refusing = await startServer({ database: database(() => Promise.reject(new Error('connection refused'))) });
    res = await fetch(`${refusing.url}/healthz`);
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok', database: 'unavailable' }]);
    // a database that never answers: reported within the ping's 2 s
    const hanging = await startServer({ database: database(() => new Promise(() => undefined)) });
    const started = Date.now();
    res = await fetch(`${hanging.url}/healthz`);
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok', database: 'unavailable' }]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await (await fetch(`${(await startServer()).url}/healthz`)).json()).toEqual({ status: 'ok' }); // no database
  });

  it('serves a game as JSON and as a PGN download; unknown ones are JSON 404s', async () => {
    const server = await startServer();
    const [white, black] = await Promise.all([Client.connect(server, { name: 'Ann' }), Client.connect(server, { name: 'Ben' })]);
    const gameId = await createGame(server, white, black, { variant: 'scottish' });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['f7f6', 'g7g5']);
    await playMoves(white, gameId, v, ['d1h5']);

    const res = await fetch(`${server.url}/api/games/${gameId}`);
    expect(res.status).toBe(200);
    const snap = (await res.json()) as GameSnapshot;
    expect(snap).toMatchObject({ id: gameId, status: 'finished', version: 5, outcome: { result: '1-0', reason: 'checkmate' } });
    expect(snap.moves.map((m) => m.san)).toEqual(['e4', 'f6', 'g5', 'Qh5#']);

    const pgn = await fetch(`${server.url}/api/games/${gameId}/pgn`);
    expect(pgn.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(pgn.headers.get('content-disposition')).toMatch(/^attachment; filename="?progressive-chess-[\w-]+\.pgn"?$/);
    const text = await pgn.text();
    expect(text).toContain('[White "Ann"]');
    expect(text).toContain('[Variant "Scottish progressive (Scotch chess)"]');
    expect(text).toContain('1.e4 2.f6 g5 3.Qh5# 1-0');

    for (const path of ['/api/games/nosuchgame', '/api/games/nosuchgame/pgn']) {
      const r = await fetch(server.url + path);
      expect(r.status, path).toBe(404);
      expect(await r.json()).toMatchObject({ code: 'unknown-game' });
    }
    const bad = await fetch(`${server.url}/api/games/bad%20id`);
    expect(bad.status).toBe(400);
    // no database here: no accounts, everybody a guest
    expect(await (await fetch(`${server.url}/api/account`)).json()).toEqual({ account: null });
    const missing = await fetch(`${server.url}/api/whatever`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not-found' });
  });

  it("a game's snapshot and PGN are limited per address (60 a minute together): past it 429 rate-limited with Retry-After", async () => {
    const server = await startServer();
    const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const gameId = await createGame(server, white, black);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await fetch(`${server.url}/api/games/${gameId}`)).status, (await fetch(`${server.url}/api/games/${gameId}/pgn`)).status);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await fetch(`${server.url}/api/games/${gameId}/pgn`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate-limited' });
    expect((await fetch(`${server.url}/api/games/${gameId}`)).status).toBe(429);
    // the rest of the server answers as before
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('exposes Prometheus metrics per app', async () => {
    const server = await startServer();
    const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const gameId = await createGame(server, white, black);
    await playMoves(white, gameId, 1, ['e2e4']);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/^pchess_connected_sockets 2$/m);
    expect(text).toMatch(/^pchess_listed_games 1$/m);
    expect(text).toMatch(/^pchess_moves_committed_total 1$/m);
    expect(text).toMatch(/^pchess_move_handling_seconds_count 1$/m);
    // the move's commit; the game's creation is not a commit
    expect(text).toMatch(/^pchess_store_commit_seconds_count 1$/m);
  });

  it("serves the node's own metrics while the store is away, the listed games' last count kept", async () => {
    const store = createMemoryStore();
    const server = await startServer({ store });
    const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
    await createGame(server, white, black);
    expect(await (await fetch(`${server.url}/metrics`)).text()).toMatch(/^pchess_listed_games 1$/m);
    store.countActiveGames = () => Promise.reject(new StoreUnavailableError(new Error('connection refused')));
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^pchess_connected_sockets 2$/m);
    expect(text).toMatch(/^pchess_listed_games 1$/m);
    await store.close();
  });

  it('serves the client with an SPA fallback and a CSP fit for it', async () => {
    const server = await startServer({ clientDir: clientDir() });
    for (const path of ['/', '/invite/xyz', '/rules', '/rules/scottish', '/analysis']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('Progressive Chess');
    }
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const res = await fetch(`${server.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
  });

  it("an unknown page a browser navigates to is the app's not-found page (404); other requests get the JSON 404", async () => {
    const server = await startServer({ clientDir: clientDir() });
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const path of ['/nowhere', '/a/b/c', '/game/x/y']) {
      const res = await fetch(server.url + path, { headers: html });
      expect([res.status, res.headers.get('cache-control')], path).toEqual([404, 'no-cache']);
      expect(await res.text(), path).toContain('Progressive Chess');
    }
    // a script, a fetch, the API and a missing asset: JSON, never the page
    for (const [path, accept] of [['/a/b/c', '*/*'], ['/api/nothing', html.accept], ['/assets/missing.js', html.accept]] as const) {
      const res = await fetch(server.url + path, { headers: { accept } });
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toMatchObject({ code: 'not-found' });
    }
    const post = await fetch(`${server.url}/a/b/c`, { method: 'POST', headers: html });
    expect(post.status).toBe(404);
    expect(post.headers.get('content-type')).toContain('application/json');
  });

  it('answers /game/:id with the app, 404 when no such game exists (the app shows its not-found page)', async () => {
    const server = await startServer({ clientDir: clientDir() });
    const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const gameId = await createGame(server, white, black);
    const found = await fetch(`${server.url}/game/${gameId}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('no-cache');
    for (const path of ['/game/nosuchgame', '/game/bad%20id']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Progressive Chess');
    }
  });

  it('compresses with brotli or gzip as accepted; hashed assets cached for a year, index.html revalidated', async () => {
    const dir = clientDir();
    writeFileSync(join(dir, 'assets', 'big-abcd.js'), 'console.log("progressive chess");\n'.repeat(400));
    const server = await startServer({ clientDir: dir });
    const get = (path: string, encoding: string) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const req = httpGet(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
      });
    const br = await get('/assets/big-abcd.js', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('progressive chess');
    expect(br.body.length).toBeLessThan(1000);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get('/assets/big-abcd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('progressive chess');
    const plain = await get('/assets/big-abcd.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    const index = await get('/', 'gzip');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it("sends an asset's .br or .gz from the build as accepted (no compression per response), with its type and a year's caching", async () => {
    const dir = clientDir();
    const code = 'console.log("progressive chess");\n'.repeat(400);
    writeFileSync(join(dir, 'assets', 'built-abcd.js'), code);
    // marked, so that the test tells the build's file from one compressed by the server
    writeFileSync(join(dir, 'assets', 'built-abcd.js.br'), brotliCompressSync(`${code}// br\n`));
    writeFileSync(join(dir, 'assets', 'built-abcd.js.gz'), gzipSync(`${code}// gz\n`));
    const server = await startServer({ clientDir: dir });
    const get = (path: string, encoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const req = httpGet(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
      });
    const br = await get('/assets/built-abcd.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toMatch(/\/\/ br\n$/);
    expect(br.headers['content-type']).toMatch(/^text\/javascript/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const gz = await get('/assets/built-abcd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toMatch(/\/\/ gz\n$/);
    const plain = await get('/assets/built-abcd.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(code);
    expect((await get('/assets/missing-abcd.js', 'br')).headers['content-type']).toMatch(/json/);
  });

  it('accepts sockets from its own origin or none, refuses others', async () => {
    const server = await startServer({ allowedOrigins: ['http://localhost:5173'] });
    const tryOrigin = (origin: string) =>
      new Promise<boolean>((resolve) => {
        const s = connect(server.url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { origin } });
        s.once('connect', () => {
          s.disconnect();
          resolve(true);
        });
        s.once('connect_error', () => {
          s.disconnect();
          resolve(false);
        });
      });
    expect(await tryOrigin(server.url)).toBe(true);
    expect(await tryOrigin('http://localhost:5173')).toBe(true);
    expect(await tryOrigin('https://evil.example')).toBe(false);
    expect(await tryOrigin('null')).toBe(false);
  });
});
