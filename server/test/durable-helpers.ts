import type { ClientEventName, ClientPayload, Session } from '@progressive-chess/shared';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Database } from '../src/db/database.js';
import { openDatabase } from '../src/db/open-database.js';
import { Client, type AckFailure, type AckResult, type TestServer } from './helpers.js';

/** PGlite takes seconds to start, more on a loaded machine. */
const START_TIMEOUT_MS = 120_000;
/** Every table of the schema, children first (TRUNCATE between tests). */
export const TABLES =
  'tournament_rounds, tournament_games, tournament_players, tournaments, server_keys, account_preferences, notifications, notification_prefs, push_subscriptions, account_emails, mail_tokens, digests_sent, api_tokens, bot_accounts, follows, blocks, reports, moderation_log, fairplay_offences, playbans, rating_history, ratings, game_players, archived_games, sessions, accounts';

/** One embedded PGlite for the test file (it takes seconds to start), emptied before each test. */
export function useDatabase(): () => Database {
  let db: Database | null = null;
  beforeAll(async () => {
    db = await openDatabase({});
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await db?.exec(`TRUNCATE ${TABLES}`);
  });
  return () => {
    if (db === null) throw new Error('database not open yet');
    return db;
  };
}

export interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly setCookie: string | null;
  /** The `name=value` part of Set-Cookie, ready to send back as `Cookie`. */
  readonly cookie: string | null;
}

export async function http(server: TestServer, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, cookie?: string): Promise<HttpAnswer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const setCookie = res.headers.get('set-cookie');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (PGN)
  }
  return { status: res.status, body: parsed, setCookie, cookie: setCookie?.split(';')[0] ?? null };
}

/** A raw socket with a Cookie header (what a browser sends at the handshake) and/or auth. */
export async function socketWithCookie(
  server: TestServer,
  cookie: string | undefined,
  auth: { token?: string } = {},
): Promise<{
  session: Session;
  send<E extends ClientEventName>(e: E, p: ClientPayload<E>): Promise<AckResult<E> | AckFailure>;
  close(): void;
}> {
  const socket = connect(server.url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  const session = await new Promise<Session>((resolve, reject) => {
    socket.once('session', resolve);
    socket.once('connect_error', reject);
  });
  return {
    session,
    send: (e, p) => socket.timeout(5000).emitWithAck(e, p) as never,
    close: () => socket.disconnect(),
  };
}

/** A registered account signed in on `server` (registered through `registrar`, default the same server): its socket and session cookie. */
export async function account(server: TestServer, username: string, registrar: TestServer = server): Promise<{ client: Client; cookie: string }> {
  const guest = await Client.connect(registrar);
  const reg = await http(registrar, 'POST', '/api/account/register', { username, password: 'long password', token: guest.session.token });
  expect(reg.status).toBe(201);
  guest.close();
  const cookie = reg.cookie ?? '';
  return { client: await Client.connect(server, {}, cookie), cookie };
}
