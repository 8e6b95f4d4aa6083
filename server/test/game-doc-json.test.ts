import { describe, expect, it } from 'vitest';
import { docJson, parseDoc, type GameDoc } from '../src/services/game-doc.js';
import { testDoc } from './doc-fixture.js';

const fischer = { kind: 'fischer', initial: 300, increment: 2 } as const;
const base = testDoc({
  timeControl: fischer,
  players: { white: { id: 'w', name: 'W', rating: 1500 }, black: { id: 'b', name: 'B' } },
  clock: { control: fischer, remaining: { white: 300_000, black: 300_000 }, running: null, since: null } as unknown as GameDoc['clock'],
  graceDeadline: 5,
  idleDeadline: 9,
});

describe('docJson', () => {
  it('parses back to the doc, optional fields included, as JSON.stringify would', () => {
    const full: GameDoc = {
      ...base,
      private: true,
      rated: true,
      archived: true,
      ratings: null,
      bot: { color: 'black', level: 2, owner: 'w' },
      botHold: 77,
      counted: ['bots:w'],
    };
    for (const doc of [base, full]) {
      expect(parseDoc(docJson(doc))).toEqual(JSON.parse(JSON.stringify(doc)));
      expect(docJson(doc).length).toBe(JSON.stringify(doc).length);
    }
  });

  it('a later version of the same game reuses the fixed part but never a stale one', () => {
    const v1 = docJson(base);
    const next = { ...base, turn: 2, state: 'y' }; // shares `players`: the cached fixed part
    expect(parseDoc(docJson(next))).toMatchObject({ id: 'g1', turn: 2, state: 'y' });
    // a fixed field changed on a doc that shares the players object: written as it is now
    const renamed = { ...base, id: 'g2', rated: true };
    expect(parseDoc(docJson(renamed))).toEqual(JSON.parse(JSON.stringify(renamed)));
    expect(docJson(base)).toBe(v1);
  });
});
