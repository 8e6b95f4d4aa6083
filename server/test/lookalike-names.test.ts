// A guest cannot pass for an account or for the computer with look-alike letters, and is marked as
// a guest wherever a name stands for a player (issue 29).
import type { ClientPayload } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { asciiReading, lookAlike, nameSkeleton, readsAsComputer } from '../src/services/name-lookalike.js';
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
    // case-blind: a capital I looks like a small l, and usernames are compared without regard to case
    for (const name of ['victiml', 'VICTIMl', 'victimI', 'VlCTlM1']) expect(nameSkeleton(name), name).toBe(nameSkeleton('victim1'));
    for (const name of ['Cornputer', 'C0mputer (level 3)', 'Cornputer level 10', 'cornputer_lvl1']) expect(readsAsComputer(name), name).toBe(true);
    for (const name of ['Cornputer_1', 'Computer fan', 'victim1']) expect(readsAsComputer(name), name).toBe(false);
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

    for (const name of [`C${CYRILLIC_O}mputer (level 3)`, 'Computer level 3', 'Cornputer (level 3)', 'C0mputer']) {
      expect(await refusal(server, name), name).toBe('bad-name');
      expect(await impostor.send('session:setName', { name }), name).toMatchObject({ ok: false, code: 'bad-name' });
    }
  });

  it("a guest cannot take an account's username in plain ASCII look-alikes (rn for m, l for 1): the skeleton is stored", async () => {
    const server = await startServer({ database: db() });
    const victim = await signedIn(server, 'victim1');
    for (const name of ['victirn1', 'victiml', 'VICTIMI']) {
      const impostor = await Client.connect(server, { name });
      expect(impostor.session.name, name).toMatch(/^Guest \d+$/);
      expect(await impostor.send('session:setName', { name }), name).toMatchObject({ ok: false, code: 'name-taken' });
      impostor.close();
    }
    const other = await Client.connect(server, { name: 'victor' });
    expect(other.session.name).toBe('victor');
    expect(await other.send('session:setName', { name: 'Wictim' })).toMatchObject({ ok: true, name: 'Wictim' });
    // the account itself may use its own name
    expect(await victim.send('session:setName', { name: 'victim1' })).toMatchObject({ ok: true, name: 'victim1' });
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
