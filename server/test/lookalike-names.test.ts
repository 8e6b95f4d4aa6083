// A guest cannot pass for an account or for the computer with look-alike letters, and is marked as
// a guest wherever a name stands for a player (issue 29).
import type { ClientPayload } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { asciiReading, lookAlike, nameSkeleton } from '../src/services/name-lookalike.js';
import { http, useDatabase } from './durable-helpers.js';
import { Client, startServer, type TestServer } from './helpers.js';

const db = useDatabase();

async function signedIn(server: TestServer, username: string): Promise<Client> {
  const guest = await Client.connect(server);
  const reg = await http(server, 'POST', '/api/account/register', { username, password: 'long password', token: guest.session.token });
  expect(reg.status).toBe(201);
  guest.close();
  return Client.connect(server, {}, reg.cookie ?? '');
}

const refusal = (server: TestServer, name: string): Promise<string | undefined> =>
  Client.connect(server, { name }).then(
    () => undefined,
    (e: unknown) => (e as { data?: { code?: string } }).data?.code,
  );

const CYRILLIC_I = '\u0456';
const CYRILLIC_O = '\u043e';
const SEEK: ClientPayload<'seek:create'> = { variant: 'italian', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' };

describe('look-alike names', () => {
  it('read as what they look like (UTS #39 skeletons)', () => {
    expect(asciiReading(`v${CYRILLIC_I}ctim1`)).toBe('victim1');
    expect(asciiReading('ＶＩＣＴＩＭ１')).toBe('victim1');
    expect(asciiReading(`C${CYRILLIC_O}mputer (level 3)`)).toBe('computer (level 3)');
    expect(asciiReading('Zoë 日本')).toBe('zoë 日本');
    expect(lookAlike(`V${CYRILLIC_I}CTIM1`, 'victim1')).toBe(true);
    expect(nameSkeleton('victim1')).toBe(nameSkeleton('victirn1'));
    expect(lookAlike('victim2', 'victim1')).toBe(false);
  });

  it("a guest cannot take an account's username in other letters, nor the computer's name", async () => {
    const server = await startServer({ database: db() });
    await signedIn(server, 'victim1');
    const impostor = await Client.connect(server, { name: `v${CYRILLIC_I}ctim1` });
    expect(impostor.session.name).toMatch(/^Guest \d+$/);
    for (const name of [`v${CYRILLIC_I}ctim1`, 'ＶＩＣＴＩＭ１', `VICT${CYRILLIC_I.toUpperCase()}M1`]) {
      expect(await impostor.send('session:setName', { name }), name).toMatchObject({ ok: false, code: 'name-taken' });
    }
    expect(await impostor.send('session:setName', { name: 'victim2' })).toMatchObject({ ok: true, name: 'victim2' });

    for (const name of [`C${CYRILLIC_O}mputer (level 3)`, 'Computer level 3']) {
      expect(await refusal(server, name), name).toBe('bad-name');
      expect(await impostor.send('session:setName', { name }), name).toMatchObject({ ok: false, code: 'bad-name' });
    }
  });

  it('marks guests as guests: the seek of a guest, a guest in a game; never an account', async () => {
    const server = await startServer({ database: db() });
    const account = await signedIn(server, 'victim1');
    const guest = await Client.connect(server, { name: 'victim2' });
    const { seek: guestSeek } = await guest.ok('seek:create', SEEK);
    expect(guestSeek.creator).toMatchObject({ name: 'victim2', guest: true });
    const { seek: accountSeek } = await account.ok('seek:create', { ...SEEK, variant: 'scottish' });
    expect(accountSeek.creator.guest).toBeUndefined();

    const { gameId } = await account.ok('seek:accept', { seekId: guestSeek.id });
    const { snapshot } = await guest.ok('game:join', { gameId });
    const white = snapshot.players.white;
    const black = snapshot.players.black;
    expect([white.name, white.guest]).toEqual(['victim2', true]);
    expect([black.name, black.guest]).toEqual(['victim1', undefined]);
  });
});
