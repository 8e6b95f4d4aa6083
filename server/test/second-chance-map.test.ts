import { describe, expect, it } from 'vitest';
import { SecondChanceMap } from '../src/second-chance-map.js';
import { DecodedGames } from '../src/services/decoded-games.js';
import { MoveLogCache } from '../src/store/move-log-cache.js';

const filled = (n: number): SecondChanceMap<string, number> => {
  const m = new SecondChanceMap<string, number>();
  for (let i = 0; i < n; i++) m.set(`k${i}`, i);
  return m;
};
const keysOf = (m: SecondChanceMap<string, number>): string[] =>
  [...(m as unknown as { slots: Map<string, unknown> }).slots.keys()];

describe('SecondChanceMap', () => {
  it('evicts the oldest entries not used since they were added or last spared', () => {
    const m = filled(5);
    expect(m.get('k1')).toBe(1); // used: spared once
    m.set('k3', 33); // replaced in place: used, and still in its place
    expect(keysOf(m)).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
    const evicted: string[] = [];
    m.evict(() => m.size > 2, (k) => evicted.push(k));
    expect(evicted).toEqual(['k0', 'k2', 'k4']);
    expect(keysOf(m)).toEqual(['k1', 'k3']);
    expect(m.peek('k3')).toBe(33);
    // spared entries lost their mark: next time they go in order
    m.evict(() => m.size > 1, (k) => evicted.push(k));
    expect(evicted.at(-1)).toBe('k1');
  });

  it('peek does not mark; a walk where every entry is marked still ends, evicting in order', () => {
    const m = filled(3);
    m.peek('k0');
    for (const k of ['k0', 'k1', 'k2']) m.get(k);
    const evicted: string[] = [];
    m.evict(() => m.size > 0, (k) => evicted.push(k));
    expect(evicted).toEqual(['k0', 'k1', 'k2']);
    expect(m.size).toBe(0);
  });

  it('an update moves nothing in the Map: no delete and re-insert per access', () => {
    const m = filled(3);
    const slots = (m as unknown as { slots: Map<string, unknown> }).slots;
    const slot = slots.get('k0');
    for (let i = 0; i < 100; i++) m.set('k0', i);
    expect(slots.get('k0')).toBe(slot); // the same slot object, updated in place
    expect(keysOf(m)).toEqual(['k0', 'k1', 'k2']);
  });
});

describe('caches built on it', () => {
  const head = (id: string, version: number) => ({ id, version, doc: `{"v":${version}}`, moveCount: 0 });
  const game = (id: string, version: number) => {
    const { doc, ...ref } = head(id, version);
    return { head: ref, docLength: doc.length, doc: {} as never, state: {} as never };
  };

  it('DecodedGames keeps at most `max` games, sparing the ones in play', () => {
    const d = new DecodedGames(3);
    for (const id of ['a', 'b', 'c']) d.set(game(id, 1));
    d.set(game('a', 2)); // a move of a: its entry replaced in place, marked
    d.set(game('d', 1));
    expect(d.latest('a', 2)).not.toBeNull();
    expect(d.latest('b', undefined)).toBeNull(); // the oldest unused went
    expect(d.latest('c', 1)).not.toBeNull();
    expect(d.latest('d', 1)).not.toBeNull();
    expect(d.get(head('c', 1))?.head.version).toBe(1);
    expect(d.get(head('c', 2))).toBeNull(); // another version: not the memo's
    expect(d.get({ ...head('c', 1), doc: '{"v":10}' })).toBeNull(); // nor a doc of another length
    expect(Object.keys(d.latest('c', 1)?.head ?? {})).not.toContain('doc'); // the doc string is not kept
  });

  it('MoveLogCache stays within its entry budget and keeps the logs being appended to', () => {
    const c = new MoveLogCache(6);
    c.created('a', 'la', ['1', '2']);
    c.created('b', 'lb', ['1', '2']);
    c.appended('a', ['3'], 3);
    c.created('c', 'lc', ['1', '2', '3']); // 8 > 6: b (not used since added) goes, a is spared
    expect(c.known('b').length).toBe(0);
    expect(c.known('a')).toMatchObject({ logId: 'la', length: 3 });
    expect(c.known('c')).toMatchObject({ logId: 'lc', length: 3 });
  });
});
