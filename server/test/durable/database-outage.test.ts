import type { TimeControl } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresHandle, skipWithoutPostgres, startPostgres } from '../../../test/support/postgres-server.js';
import { DatabaseUnavailableError, type Database } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/open-database.js';
import { MIGRATIONS } from '../../src/db/migrations.js';
import type { PgTimeouts } from '../../src/db/pg-database.js';
import { http, socketWithCookie } from '../durable-helpers.js';
import { Client, createGame, manualClock, playMoves, sleep, startServer, type TestServer } from '../helpers.js';

/**
 * A real PostgreSQL frozen (SIGSTOP: connections open, nothing answers) and stopped (connections
 * refused) under a node: clocks go on, guests play, account requests answer 503 `unavailable`
 * within the database's bounds, and finished games reach the archive once it is back.
 */

/** Short bounds, so a frozen database fails calls in about two seconds. */
const TIMEOUTS: PgTimeouts = { connectMs: 500, queryMs: 1_000 };
const FISCHER: TimeControl = { kind: 'fischer', initial: 10, increment: 2 };

/** Advances the test clock past any archive back-off until the finished game is archived (the database back). */
async function archivedAfter(client: Client, gameId: string, advance: (ms: number) => void): Promise<void> {
  const archived = client.next('game:event', (e) => e.gameId === gameId && e.event.type === 'archived', 30_000);
  let done = false;
  void archived.then(() => (done = true), () => undefined);
  while (!done) {
    advance(60_001);
    await Promise.race([archived, sleep(250)]);
  }
  await archived;
}

async function accountOf(server: TestServer, guest: Client, username: string): Promise<string> {
  const reg = await http(server, 'POST', '/api/account/register', { username, password: 'correct horse', token: guest.session.token });
  expect(reg.status).toBe(201);
  return reg.cookie ?? '';
}

describe.skipIf(skipWithoutPostgres())('PostgreSQL outages under a node', () => {
  let pg: PostgresHandle;
  const opened: Database[] = [];
  beforeAll(async () => {
    pg = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    for (const db of opened) await db.close();
    await pg?.stop();
  });
  const database = async (): Promise<Database> => {
    const db = await openDatabase({ url: await pg.createDatabase(), timeouts: TIMEOUTS });
    opened.push(db);
    return db;
  };

  it('frozen: clocks flag on time while a finished game waits for the archive; account reads and cookies fail fast', async () => {
    const clock = manualClock();
    const server = await startServer({ now: clock.now, database: await database(), deadlineTickMs: 10, firstMoveGraceMs: 30_000 });
    const connect = (): Promise<Client> => Client.connect(server);
    const [a, b, white, black, watcher] = await Promise.all([connect(), connect(), connect(), connect(), connect()]);
    const cookie = await accountOf(server, a, 'Frozen_1');
    const ended = await createGame(server, a, b, { variant: 'scottish', timeControl: FISCHER });
    const timed = await createGame(server, white, black, { variant: 'scottish', timeControl: FISCHER });
    for (const c of [white, black, watcher]) await c.ok('game:join', { gameId: timed });
    await a.ok('game:join', { gameId: ended });
    const v = await playMoves(white, timed, 1, ['e2e4']);
    await playMoves(black, timed, v, ['f7f6']);

    pg.freeze();
    let flagMs: number | null;
    try {
      await a.ok('game:resign', { gameId: ended });
      // ordering only: the worker claims the finished game and starts its archive write (which hangs)
      await sleep(300);
      const over = watcher.next('game:event', (e) => e.gameId === timed && e.event.type === 'game-over', 8_000);
      const flagged = performance.now();
      clock.advance(10_001); // Black's clock runs out
      flagMs = await over.then(() => performance.now() - flagged, () => null);

      let t = performance.now();
      const profile = await http(server, 'GET', '/api/players/Frozen_1');
      const profileMs = performance.now() - t;
      expect(profile.status).toBe(503);
      expect(profile.body).toMatchObject({ code: 'unavailable' });
      t = performance.now();
      const signedIn = await socketWithCookie(server, cookie);
      const cookieMs = performance.now() - t;
      expect(signedIn.session).toMatchObject({ accountsUnavailable: true });
      expect(signedIn.session.token).not.toBe('');
      signedIn.close();
      // a guest's seek needs no database (its player document says it is a guest)
      t = performance.now();
      const { seek } = await white.ok('seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'private' });
      const seekMs = performance.now() - t;
      expect(seek.creator.rating).toBeUndefined();
      const health = await http(server, 'GET', '/healthz');
      expect(health).toMatchObject({ status: 200, body: { status: 'ok', database: 'unavailable' } });
      console.log(`database frozen: flag ${Math.round(flagMs ?? -1)} ms after the deadline, player profile 503 in ${Math.round(profileMs)} ms, cookie handshake (guest) in ${Math.round(cookieMs)} ms, guest seek in ${Math.round(seekMs)} ms`);
    } finally {
      pg.thaw();
    }
    expect(flagMs).not.toBeNull();
    // the finished game reaches the archive once the database answers again
    await archivedAfter(a, ended, clock.advance);
  }, 60_000);

  it('stopped: guests seek, name themselves and play; cookies fall back to guests; account calls answer 503; all resumes when it is back', async () => {
    const clock = manualClock();
    const server = await startServer({ now: clock.now, database: await database(), deadlineTickMs: 10 });
    const member = await Client.connect(server);
    const cookie = await accountOf(server, member, 'Stopped_1');
    await pg.halt();
    let resumed = false;
    try {
      // a wanted name cannot be checked against the usernames: a guest name instead, and the session says why
      const named = await Client.connect(server, { name: 'Stopped_1' });
      expect(named.session.name).toMatch(/^Guest \d+$/);
      expect(named.session).toMatchObject({ accountsUnavailable: true });
      expect(await named.send('session:setName', { name: 'Zed' })).toMatchObject({ ok: false, code: 'unavailable' });
      // with the token the account claimed (it stopped working then), as the browser that signed up sends it
      const signedIn = await socketWithCookie(server, cookie, { token: member.session.token });
      expect(signedIn.session).toMatchObject({ accountsUnavailable: true });
      expect(signedIn.session.playerId).not.toBe(member.id);
      signedIn.close();

      // guests play: a casual seek, accepted; an account's rated seek waits for the accounts
      const guest = await Client.connect(server);
      const rated = { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'private', rated: true } as const;
      expect(await member.send('seek:create', rated)).toMatchObject({ ok: false, code: 'unavailable' });
      expect(await named.send('seek:create', rated)).toMatchObject({ ok: false, code: 'account-required' });
      const { seek } = await named.ok('seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'private' });
      const { gameId } = await guest.ok('seek:accept', { code: seek.inviteCode ?? '' });
      await named.ok('game:join', { gameId });
      await playMoves(named, gameId, 1, ['e2e4']);
      await guest.ok('game:resign', { gameId });

      for (const [method, path, body] of [
        ['GET', '/api/players/Stopped_1', undefined],
        ['GET', '/api/account', undefined],
        ['POST', '/api/account/login', { username: 'Stopped_1', password: 'correct horse' }],
      ] as const) {
        const res = await http(server, method, path, body, cookie);
        expect({ path, status: res.status, body: res.body }).toMatchObject({ path, status: 503, body: { code: 'unavailable' } });
      }
      expect(await http(server, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok', database: 'unavailable' } });

      await pg.resume();
      resumed = true;
      await archivedAfter(named, gameId, clock.advance);
      expect((await http(server, 'POST', '/api/account/login', { username: 'Stopped_1', password: 'correct horse' })).status).toBe(200);
      expect(await http(server, 'GET', '/healthz')).toMatchObject({ body: { database: 'ok' } });
    } finally {
      if (!resumed) await pg.resume();
    }
  }, 60_000);

  it('a database down at start-up: opened anyway, calls unavailable, migrated when it is back', async () => {
    const url = await pg.createDatabase();
    await pg.halt();
    const events: string[] = [];
    let db: Database;
    try {
      db = await openDatabase({
        url,
        timeouts: TIMEOUTS,
        whileUnavailable: { down: () => events.push('down'), back: (v) => events.push(`back ${v.join(',')}`), stillDown: () => undefined },
      });
      opened.push(db);
      await expect(db.query('SELECT count(*) FROM accounts')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      await pg.resume();
    }
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
    expect(rows.rows).toEqual([{ n: 0 }]);
    expect(events).toEqual(['down', `back ${MIGRATIONS.map((m) => m.version).join(',')}`]);
  }, 60_000);
});
