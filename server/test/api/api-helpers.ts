import { lineSplitter, type ApiScope } from '@progressive-chess/shared';
import { expect } from 'vitest';
import { http } from '../durable-helpers.js';
import { Client, type TestServer } from '../helpers.js';

/** A registered account: its socket client (signed in) and its session cookie. */
export interface Account {
  readonly client: Client;
  readonly cookie: string;
  readonly username: string;
}

export async function register(server: TestServer, username: string): Promise<Account> {
  const guest = await Client.connect(server);
  const reg = await http(server, 'POST', '/api/account/register', { username, password: 'long password', token: guest.session.token });
  expect(reg.status).toBe(201);
  guest.close();
  const cookie = reg.cookie ?? '';
  return { client: await Client.connect(server, {}, cookie), cookie, username };
}

/** A new API token of the account (its secret). */
export async function tokenOf(server: TestServer, a: Account, scopes: readonly ApiScope[] = ['bot:play', 'challenge:write']): Promise<string> {
  const res = await http(server, 'POST', '/api/account/tokens', { description: 'test', scopes }, a.cookie);
  expect(res.status).toBe(201);
  return (res.body as { token: string }).token;
}

/**
 * A person's private game (no clock) against a program they challenged by name: the program's
 * account (`bot`: upgraded to a bot with a `bot:play` token; `board`: a person's account with a
 * `board:play` token) accepts it through the API.
 */
export async function privateApiGame(
  server: TestServer,
  o: { kind: 'bot' | 'board'; program: string; color: 'white' | 'black'; variant?: 'italian' | 'scottish'; rated?: boolean },
): Promise<{ person: Account; token: string; gameId: string }> {
  const [person, program] = [await register(server, 'person'), await register(server, o.program)];
  const token = await tokenOf(server, program, o.kind === 'bot' ? ['bot:play', 'challenge:write'] : ['board:play']);
  if (o.kind === 'bot') await api(server, 'POST', '/api/bot/account/upgrade', token);
  const { seek } = await person.client.ok('seek:create', {
    variant: o.variant ?? 'scottish',
    timeControl: { kind: 'none' },
    color: o.color,
    visibility: 'private',
    ...(o.rated ? { rated: true } : {}),
    opponent: o.program,
  });
  const { gameId } = (await api(server, 'POST', `/api/challenge/${seek.id}/accept`, token)).body as { gameId: string };
  return { person, token, gameId };
}

export interface ApiAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** One API request with `Authorization: Bearer <token>` (none when token is null). */
export async function api(server: TestServer, method: 'GET' | 'POST' | 'DELETE', path: string, token: string | null, body?: unknown): Promise<ApiAnswer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** An open NDJSON stream: its lines as values (keep-alive lines skipped), awaited one by one. */
export interface Stream {
  readonly status: number;
  /** The next line matching `pred` (earlier non-matching ones are dropped). */
  next(pred?: (v: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

export async function openStream(server: TestServer, path: string, token: string): Promise<Stream> {
  const ac = new AbortController();
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: ac.signal });
  const queue: Record<string, unknown>[] = [];
  const waiter: { wake: (() => void) | null } = { wake: null };
  const split = lineSplitter();
  const decoder = new TextDecoder();
  const ended = (async () => {
    if (!res.body) return;
    try {
      for await (const chunk of res.body) {
        for (const line of split.push(decoder.decode(chunk as Uint8Array, { stream: true }))) if (line.trim() !== '') queue.push(JSON.parse(line) as Record<string, unknown>);
        waiter.wake?.();
      }
    } catch {
      // aborted by close()
    }
    waiter.wake?.();
  })();
  let done = false;
  void ended.then(() => {
    done = true;
  });
  return {
    status: res.status,
    ended,
    async next(pred = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (queue.length) {
          const v = queue.shift() as Record<string, unknown>;
          if (pred(v)) return v;
        }
        if (done) throw new Error('stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('timed out waiting for a stream line');
        await new Promise<void>((r) => {
          const t = setTimeout(r, left);
          waiter.wake = () => {
            clearTimeout(t);
            waiter.wake = null;
            r();
          };
        });
      }
    },
    close: () => ac.abort(),
  };
}
