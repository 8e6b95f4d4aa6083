// Display names are normalised once at the edge (handshake and session:setName) with the
// shared name schema; hostile names are refused with `bad-name` and never reach a PGN.
import { parsePgn } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { Client, createGame, playMoves, startServer, type TestServer } from './helpers.js';

/** Names no player may have: line breaks, NUL, ESC, bidi overrides, lone surrogates, nothing visible, too long. */
const HOSTILE = [
  'Eve\n[Result "0-1"]',
  'Eve\r\n',
  'Nul\u0000',
  'Esc\u001b[2J',
  'Tab\there',
  'evil\u202egnp.exe',
  'iso\u2066late',
  'half\ud800',
  '\udfffx',
  '',
  '   ',
  '\u200b\u200b',
  '\u3164',
  'x'.repeat(25),
];

async function refusedAtHandshake(server: TestServer, name: string): Promise<string | undefined> {
  const err = await Client.connect(server, { name }).then(
    () => null,
    (e: unknown) => e as Error & { data?: { code?: string } },
  );
  return err?.data?.code;
}

describe('display names at the edge', () => {
  it('the handshake normalises a new player\'s name: NFC, trimmed, whitespace collapsed', async () => {
    const server = await startServer();
    const c = await Client.connect(server, { name: '  Jose\u0301   \u00a0Ann ' });
    expect(c.session.name).toBe('Jos\u00e9 Ann');
    expect(await server.app.services.identity.nameOf(c.id)).toBe('Jos\u00e9 Ann');
  });

  it('the handshake refuses a hostile name with bad-name', async () => {
    const server = await startServer();
    for (const name of HOSTILE) expect(await refusedAtHandshake(server, name), JSON.stringify(name)).toBe('bad-name');
    // Without a name a guest name is given; a known token keeps its stored name whatever is sent.
    const guest = await Client.connect(server);
    expect(guest.session.name).toMatch(/^Guest \d{4}$/);
    const again = await Client.connect(server, { token: guest.session.token, name: 'Eve\nX' });
    expect(again.session.name).toBe(guest.session.name);
  });

  it('session:setName refuses hostile names with bad-name and keeps the old name', async () => {
    const server = await startServer();
    const c = await Client.connect(server, { name: 'Ann' });
    for (const name of HOSTILE) {
      expect(await c.send('session:setName', { name }), JSON.stringify(name)).toMatchObject({ ok: false, code: 'bad-name' });
    }
    expect(await server.app.services.identity.nameOf(c.id)).toBe('Ann');
    expect(await c.raw('session:setName', { name: 7 })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await c.ok('session:setName', { name: ' Ann \u2003 "Q" \\ Lee ' })).toMatchObject({ name: 'Ann "Q" \\ Lee' });
    expect(await server.app.services.identity.nameOf(c.id)).toBe('Ann "Q" \\ Lee');
  });

  it('names with quotes and backslashes survive the PGN export and import', async () => {
    const server = await startServer();
    const white = await Client.connect(server, { name: 'Ann "the rook" \\o/' });
    const black = await Client.connect(server, { name: '"] [Black "x' });
    const gameId = await createGame(server, white, black, { variant: 'scottish' });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['f7f6', 'g7g5']);
    await playMoves(white, gameId, v, ['d1h5']);
    const text = await (await fetch(`${server.url}/api/games/${gameId}/pgn`)).text();
    const back = parsePgn(text);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.tags).toMatchObject({ White: 'Ann "the rook" \\o/', Black: '"] [Black "x', Result: '1-0' });
    expect(back.value.parsed.state.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
    const tagLines = text.split('\n\n')[0]?.split('\n') ?? [];
    expect(tagLines.every((l) => /^\[\w+ "(?:[^"\\]|\\.)*"\]$/.test(l)), text).toBe(true);
    expect(tagLines.filter((l) => l.startsWith('[Black '))).toHaveLength(1);
  });
});
