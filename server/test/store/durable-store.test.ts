import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DurableStore } from '../../src/store/durable-store.js';
import { StoreUnavailableError, type GameWrite } from '../../src/store/store.js';
import { storeContract } from './contract.js';

const root = mkdtempSync(join(tmpdir(), 'durable-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = (): string => join(root, `s${++n}`, 'nested');
const write = (over: Partial<GameWrite> = {}): GameWrite => ({ doc: 'd', appendMoves: [], deadline: null, summary: null, ...over });
const journalOf = (dir: string): string => {
  const name = readdirSync(dir).find((f) => f.startsWith('journal-'));
  if (!name) throw new Error('no journal file');
  return join(dir, name);
};

storeContract('durable (journaled memory)', async () => DurableStore.open(freshDir()));
// snapshots taken all the time: every batch past 1 byte starts a new journal file
storeContract('durable, snapshot after every batch', async () => DurableStore.open(freshDir(), { snapshotBytes: 1 }));

describe('the durable store on disk', () => {
  it('finds games, deadlines and their leases, the listing, seeks, players and chat again after a restart', async () => {
    let t = 1_000_000;
    const dir = freshDir();
    const a = DurableStore.open(dir, { now: () => t });
    await a.createGame('g', write({ doc: 'v1', appendMoves: ['m1'], deadline: 100, summary: 'G' }));
    await a.createGame('h', write({ deadline: 200, summary: 'H' }));
    expect(await a.commitGame('g', 1, write({ doc: 'v2', appendMoves: ['m2'], deadline: 150, summary: 'G2', relay: { channel: 'c', message: Buffer.from('x') } }))).toEqual({ ok: true, version: 2 });
    expect((await a.claimDueGames(150, 10, 50)).ids).toEqual(['g']); // leased until 200
    await a.addSeek({ id: 's1', owner: 'ann', settings: 'k', code: 'C1', public: true, doc: '{}', expiresAt: 5_000 }, 0, 3);
    await a.addSeek({ id: 's2', owner: 'bob', settings: 'k', code: null, public: true, doc: '{}', expiresAt: 10 }, 0, 3);
    expect((await a.listPublicSeeks(20, 10)).map((s) => s.id)).toEqual(['s1']); // s2 expired: moved to the expired list
    await a.putPlayer('p', '{"name":"Ann"}', 60_000);
    await a.appendChat('g', 'players', 'hi', 10, 60_000);
    await a.reserveGame('g', ['ann', 'bob'], 5);
    await a.putAnalysis('g', '{"a":1}', 10); // expires at t + 10
    await a.close();

    t += 20;
    const b = DurableStore.open(dir, { now: () => t });
    try {
      expect(await b.loadGame('g')).toEqual({ id: 'g', version: 2, doc: 'v2', moves: ['m1', 'm2'] });
      expect(await b.listActiveGames(10)).toEqual([{ id: 'h', summary: 'H', spectators: 0 }, { id: 'g', summary: 'G2', spectators: 0 }]);
      // the claim's lease holds: g comes due at 200 with h, not at its old deadline
      expect((await b.claimDueGames(199, 10, 50)).ids).toEqual([]);
      expect((await b.claimDueGames(200, 10, 50)).ids).toEqual(['g', 'h']);
      await b.settleClaim('g', 250, 900);
      await b.settleClaim('h', 250, null);
      expect(await b.getSeekByCode('C1', 20)).toMatchObject({ id: 's1' });
      expect((await b.takeExpiredSeeks(20, 10)).map((s) => s.id)).toEqual(['s2']);
      expect(await b.getPlayer('p')).toBe('{"name":"Ann"}');
      expect(await b.loadChat('g', 'players')).toEqual(['hi']);
      expect(await b.gamesOf('ann')).toEqual(['g']);
      expect(await b.getAnalysis('g')).toBeNull();
      // a later commit appends to what was restored; a stale version still conflicts
      expect(await b.commitGame('g', 1, write())).toEqual({ ok: false, reason: 'conflict', version: 2 });
      expect(await b.commitGame('g', 2, write({ appendMoves: ['m3'], deadline: undefined }))).toEqual({ ok: true, version: 3 });
    } finally {
      await b.close();
    }
    const c = DurableStore.open(dir, { now: () => t });
    try {
      expect((await c.loadGame('g'))?.moves).toEqual(['m1', 'm2', 'm3']);
      expect((await c.claimDueGames(899, 10, 50)).ids).toEqual([]);
      expect((await c.claimDueGames(900, 10, 50)).ids).toEqual(['g']);
      expect(await c.takeExpiredSeeks(20, 10)).toEqual([]); // taken once, also across the restart
    } finally {
      await c.close();
    }
  });

  it('replays the journal of a process that never closed (kill -9): every acknowledged change is there', async () => {
    const dir = freshDir();
    const a = DurableStore.open(dir);
    await a.createGame('g', write({ appendMoves: ['m1'], deadline: 100 }));
    for (let v = 1; v <= 20; v++) await a.commitGame('g', v, write({ doc: `v${v + 1}`, appendMoves: [`m${v + 1}`] }));
    // no close: the journal is all there is (the snapshot of the start is empty)
    const b = DurableStore.open(dir);
    try {
      expect(b.replayed).toBe(21);
      expect(await b.loadGameHead('g')).toEqual({ id: 'g', version: 21, doc: 'v21', moveCount: 21 });
    } finally {
      await b.close();
      await a.close().catch(() => undefined);
    }
  });

  it('replays a wave of games created at once (createGames) from the journal, with their players\' counts', async () => {
    const dir = freshDir();
    const a = DurableStore.open(dir);
    await a.createGame('old', write({ doc: 'kept' }));
    expect(await a.createGames([
      { id: 'n1', write: write({ doc: 'd1', deadline: 100 }), players: ['a', 'b'] },
      { id: 'old', write: write({ doc: 'other' }), players: ['c', 'd'] },
    ])).toEqual([true, false]);
    const b = DurableStore.open(dir);
    try {
      expect(await b.loadGame('n1')).toEqual({ id: 'n1', version: 1, doc: 'd1', moves: [] });
      expect((await b.loadGame('old'))?.doc).toBe('kept');
      expect(await b.gamesOf('a')).toEqual(['n1']);
      expect(await b.gamesOf('d')).toEqual(['old']);
    } finally {
      await b.close();
      await a.close().catch(() => undefined);
    }
  });

  it('replays a takeback\'s cut of the move log from the journal', async () => {
    const dir = freshDir();
    const a = DurableStore.open(dir);
    await a.createGame('g', write({ appendMoves: ['m1', 'm2', 'm3'] }));
    await a.commitGame('g', 1, write({ doc: 'v2', truncateMoves: 1 }));
    await a.commitGame('g', 2, write({ doc: 'v3', appendMoves: ['n2'] }));
    const b = DurableStore.open(dir);
    try {
      expect(await b.loadGame('g')).toEqual({ id: 'g', version: 3, doc: 'v3', moves: ['m1', 'n2'] });
    } finally {
      await b.close();
      await a.close().catch(() => undefined);
    }
  });

  it('ignores a torn last line, and refuses a journal damaged anywhere else', async () => {
    const dir = freshDir();
    const a = DurableStore.open(dir);
    await a.createGame('g', write({ appendMoves: ['m1'] }));
    await a.commitGame('g', 1, write({ appendMoves: ['m2'] }));
    const journal = journalOf(dir);
    // a write cut short by a crash or a power cut: the line has no end
    appendFileSync(journal, '[3,1,"commit","g",2,{"doc":"torn"');
    const b = DurableStore.open(dir);
    expect(await b.loadGame('g')).toMatchObject({ version: 2, moves: ['m1', 'm2'] });
    await b.commitGame('g', 2, write({ appendMoves: ['m3'] }));
    const lines = readFileSync(journalOf(dir), 'utf8');
    const broken = lines.replace('"m3"', '"m3');
    writeFileSync(journalOf(dir), `${broken}[99,1,"claim",1,1,1]\n`);
    expect(() => DurableStore.open(dir)).toThrow(/line 1: not a journal entry; nothing was changed/);
    // entries missing in the middle
    writeFileSync(journalOf(dir), `${lines}[99,1,"claim",1,1,1]\n`);
    expect(() => DurableStore.open(dir)).toThrow(/entry 99 follows 3: entries are missing/);
    writeFileSync(journalOf(dir), lines);
    const c = DurableStore.open(dir);
    expect((await c.loadGame('g'))?.moves).toEqual(['m1', 'm2', 'm3']);
    await Promise.all([c.close(), b.close(), a.close().catch(() => undefined)]);
  });

  it('never appends to a journal file whose only line is torn (a crash as the file was started)', async () => {
    const dir = freshDir();
    const a = DurableStore.open(dir);
    await a.createGame('g', write());
    await a.commitGame('g', 1, write({ appendMoves: ['m2'] }));
    await a.close(); // a snapshot at entry 2, no journal
    writeFileSync(join(dir, 'journal-000000000003.ndjson'), '[3,1,"commit","g",2,{"doc"');
    const b = DurableStore.open(dir);
    expect(await b.commitGame('g', 2, write({ appendMoves: ['m3'] }))).toEqual({ ok: true, version: 3 });
    const c = DurableStore.open(dir); // b never stopped
    expect((await c.loadGame('g'))?.moves).toEqual(['m2', 'm3']);
    await Promise.all([b.close(), c.close()]);
  });

  it('starts a new journal file at each snapshot and removes the old ones once the snapshot is on disk', async () => {
    const dir = freshDir();
    const a = DurableStore.open(dir, { snapshotBytes: 200 });
    await a.createGame('g', write());
    for (let v = 1; v <= 30; v++) await a.commitGame('g', v, write({ appendMoves: [`move number ${v}`] }));
    const journals = (): string[] => readdirSync(dir).filter((f) => f.startsWith('journal-'));
    await vi.waitFor(() => expect(journals()).toHaveLength(1));
    // what a crash would leave now: the last snapshot and the journal after it
    const copy = `${dir}-copy`;
    cpSync(dir, copy, { recursive: true });
    const b = DurableStore.open(copy);
    expect(b.replayed).toBeLessThan(31);
    expect((await b.loadGame('g'))?.moves).toHaveLength(30);
    await Promise.all([b.close(), a.close()]);
    // a stop leaves a snapshot alone
    expect(journals()).toEqual([]);
  });

  it('refuses every call once a journal write failed (unavailable: /healthz fails), never acknowledging an unwritten change', async () => {
    const dir = freshDir();
    const a = DurableStore.open(dir);
    rmSync(dir, { recursive: true }); // the journal file cannot be created
    await expect(a.createGame('g', write())).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(a.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(a.loadGame('g')).rejects.toThrow(/the store is unavailable/);
    await a.close();
  });
});
